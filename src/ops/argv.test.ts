import { describe, expect, it } from 'vitest';
import { COMMAND_ROLES } from '../../protocol/ops.ts';
import {
  commandOf,
  needsSecondOperator,
  RUN_WITHOUT_PREVIEW,
  runsWithoutPreview,
  splitWords,
} from './argv.ts';

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

describe('RUN_WITHOUT_PREVIEW', () => {
  it('is exactly the console’s commands the server does not count as mutating', async () => {
    // The server's registry, imported by a path TypeScript does not follow: this folder is checked
    // as browser code (tsconfig.app.json), the registry as Node's.
    const registry = '../../server/admin/registry.ts';
    const { ADMIN_COMMANDS } = (await import(/* @vite-ignore */ registry)) as {
      ADMIN_COMMANDS: readonly { name: string; mutating: boolean }[];
    };
    const readOnly = ADMIN_COMMANDS.filter((c) => !c.mutating && Object.hasOwn(COMMAND_ROLES, c.name)).map(
      (c) => c.name,
    );
    expect([...RUN_WITHOUT_PREVIEW].sort()).toEqual(readOnly.sort());
    expect(runsWithoutPreview(['config', 'show'])).toBe(true);
    expect(runsWithoutPreview(['config', 'pair', 'BTC', 'USDT'])).toBe(false);
  });
});
