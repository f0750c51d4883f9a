/**
 * The review workflow's steps (server/admin/commands/withdraw.ts `withdrawals <step> <id>`) and
 * which a withdrawal's status allows: derived from the protocol's transitions
 * (protocol/withdraw.ts WITHDRAWAL_TRANSITIONS), so the two never disagree. The console is a
 * build of its own (vite.config.ts), so the protocol's module costs the users' pages nothing.
 */
import {
  WITHDRAWAL_STATUSES,
  WITHDRAWAL_TRANSITIONS,
  type WithdrawalStatus,
} from '../../../protocol/withdraw.ts';

export const WITHDRAWAL_STATUS_LIST = WITHDRAWAL_STATUSES;

export function isWithdrawalStatus(value: string): value is WithdrawalStatus {
  return (WITHDRAWAL_STATUSES as readonly string[]).includes(value);
}

export type WithdrawalStep = 'review' | 'reject' | 'process' | 'complete' | 'fail' | 'returned';

/** Where each step takes a withdrawal. */
export const STEP_TO: Record<WithdrawalStep, WithdrawalStatus> = {
  review: 'reviewed',
  reject: 'rejected',
  process: 'processing',
  complete: 'successful',
  fail: 'failed',
  returned: 'failure_processed',
};

const STEPS = Object.keys(STEP_TO) as WithdrawalStep[];

/** The steps each status allows: those whose target is one of its transitions. */
export const STEPS_FROM = {} as Record<WithdrawalStatus, readonly WithdrawalStep[]>;
for (const status of WITHDRAWAL_STATUSES) {
  STEPS_FROM[status] = STEPS.filter((step) => WITHDRAWAL_TRANSITIONS[status].includes(STEP_TO[step]));
}

/** The steps the user reads about (a rejection, a failure) are warnings to the operator too. */
export const DANGER_STEPS: ReadonlySet<WithdrawalStep> = new Set(['reject', 'fail']);

/** The command's words: `withdrawals process 12 --txid 0xabc`. */
export function stepArgv(step: WithdrawalStep, id: number, txid?: string): string[] {
  const argv = ['withdrawals', step, String(id)];
  if (step === 'process' && txid) argv.push('--txid', txid);
  return argv;
}

export function stepsFor(status: string): readonly WithdrawalStep[] {
  return isWithdrawalStatus(status) ? STEPS_FROM[status] : [];
}
