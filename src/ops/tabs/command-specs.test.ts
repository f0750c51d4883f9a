import { describe, expect, it } from 'vitest';
import { COMMAND_ROLES } from '../../../protocol/ops.ts';
import { splitWords } from '../argv.ts';
import { argvLine, COMMAND_SPECS, specArgv } from './command-specs.ts';

const spec = (name: string) => {
  const found = COMMAND_SPECS.find((s) => s.command === name);
  if (!found) throw new Error(name);
  return found;
};

describe('command forms', () => {
  it('are all commands the console may run', () => {
    for (const s of COMMAND_SPECS) expect(COMMAND_ROLES[s.command], s.command).toBeDefined();
  });

  it('build the CLI’s words', () => {
    expect(specArgv(spec('fund'), { account: 'staking-pool', coin: 'USDT', amount: '100' })).toEqual([
      'fund',
      'staking-pool',
      'USDT',
      '100',
    ]);
    expect(
      specArgv(spec('config pair'), {
        FROM: 'BTC',
        TO: 'USDT',
        spread: '0.2',
        fee: '0.1',
        min: '0.001',
        max: '10',
        sort: '',
        disable: true,
      }),
    ).toEqual([
      'config',
      'pair',
      'BTC',
      'USDT',
      '--spread',
      '0.2',
      '--fee',
      '0.1',
      '--min',
      '0.001',
      '--max',
      '10',
      '--disable',
    ]);
    expect(specArgv(spec('config feature'), { state: 'off', features: ' ido  mining ' })).toEqual([
      'config',
      'feature',
      'off',
      'ido',
      'mining',
    ]);
  });

  it('wait for every required field', () => {
    expect(specArgv(spec('fund'), { account: 'staking-pool', coin: 'USDT' })).toBeNull();
  });

  it('print a line that splits back into the same words', () => {
    const argv = ['news', 'publish', '--title', 'Hello "world"', '--body', 'a\\b c', '--pin'];
    expect(splitWords(argvLine(argv))).toEqual(argv);
  });
});
