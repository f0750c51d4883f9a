/**
 * Withdrawals: what other modules may use. The sender (server/modules/withdraw-sender) reads the
 * withdrawals and their rules and moves them through the same state machine as the operator.
 */
export { withdrawals, withdrawRules } from './withdraw.schema.ts';
export { advanceWithdrawal, recordConfirmations, WithdrawalStateError } from './withdraw.service.ts';
