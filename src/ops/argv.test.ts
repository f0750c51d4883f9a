import { describe, expect, it } from 'vitest';
import { commandOf, needsSecondOperator, splitWords } from './argv.ts';

describe('splitWords', () => {
  it('splits on spaces and keeps quoted words whole', () => {
    expect(splitWords('config pair BTC USDT --spread 0.002')).toEqual([
      'config',
      'pair',
      'BTC',
      'USDT',
      '--spread',
      '0.002',
    ]);
    expect(splitWords(`news publish --title "Hello world" --body 'it''s'`)).toEqual([
      'news',
      'publish',
      '--title',
      'Hello world',
      '--body',
      'its',
    ]);
    expect(splitWords('a "b \\" c" d\\ e  ""')).toEqual(['a', 'b " c', 'd e', '']);
  });

  it('refuses an unclosed quote', () => {
    expect(splitWords('news publish --title "oops')).toBeNull();
  });
});

describe('commandOf', () => {
  it('names two-word commands before one-word ones', () => {
    expect(commandOf(['config', 'pair', 'BTC'])).toBe('config pair');
    expect(commandOf(['fund', 'staking-pool', 'USDT', '100'])).toBe('fund');
    expect(commandOf(['config', 'xpub', 'evm'])).toBeNull();
  });

  it('knows which commands wait for a second operator', () => {
    expect(needsSecondOperator(['fund', 'staking-pool', 'USDT', '100'])).toBe(true);
    expect(needsSecondOperator(['config', 'feature', 'on', 'ido'])).toBe(false);
  });
});
