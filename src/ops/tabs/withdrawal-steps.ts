/**
 * The review workflow's steps (server/admin/commands/withdraw.ts `withdrawals <step> <id>`) and
 * which a withdrawal's status allows (protocol/withdraw.ts WITHDRAWAL_TRANSITIONS). Spelled out
 * here, types only from the protocol: importing protocol/withdraw.ts would load the users' shared
 * chunk (its schemas) into the console.
 */
import type { WithdrawalStatus } from '../../../protocol/withdraw.ts';

export const WITHDRAWAL_STATUS_LIST = [
  'submitted',
  'reviewed',
  'processing',
  'successful',
  'rejected',
  'failed',
  'failure_processed',
] as const satisfies readonly WithdrawalStatus[];

export function isWithdrawalStatus(value: string): value is WithdrawalStatus {
  return (WITHDRAWAL_STATUS_LIST as readonly string[]).includes(value);
}

export type WithdrawalStep = 'review' | 'reject' | 'process' | 'complete' | 'fail' | 'returned';

/** Where each step takes a withdrawal (checked against the protocol's transitions in a test). */
export const STEP_TO: Record<WithdrawalStep, WithdrawalStatus> = {
  review: 'reviewed',
  reject: 'rejected',
  process: 'processing',
  complete: 'successful',
  fail: 'failed',
  returned: 'failure_processed',
};

export const STEPS_FROM: Record<WithdrawalStatus, readonly WithdrawalStep[]> = {
  submitted: ['review', 'reject'],
  reviewed: ['process'],
  processing: ['complete', 'fail'],
  failed: ['returned'],
  successful: [],
  rejected: [],
  failure_processed: [],
};

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
