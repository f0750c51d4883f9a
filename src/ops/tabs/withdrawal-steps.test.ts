import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_STATUSES, WITHDRAWAL_TRANSITIONS } from '../../../protocol/withdraw.ts';
import { STEP_TO, STEPS_FROM, stepArgv } from './withdrawal-steps.ts';

describe('the console’s withdrawal steps', () => {
  it('offer exactly the protocol’s transitions', () => {
    for (const status of WITHDRAWAL_STATUSES) {
      expect(STEPS_FROM[status].map((step) => STEP_TO[step]).sort()).toEqual(
        [...WITHDRAWAL_TRANSITIONS[status]].sort(),
      );
    }
  });

  it('spell the command as the CLI takes it', () => {
    expect(stepArgv('process', 12, 'abc12345')).toEqual([
      'withdrawals',
      'process',
      '12',
      '--txid',
      'abc12345',
    ]);
    expect(stepArgv('review', 3)).toEqual(['withdrawals', 'review', '3']);
  });
});
