/**
 * The EVM withdraw sender: pays reviewed withdrawals from a hot wallet whose key the environment
 * holds, and completes them after the chain's confirmations (docs/withdrawals.md, "The sender").
 */
export { hotWalletAccount, hotWalletBalances, hotWalletKeyVariable } from './hot-wallet.ts';
export { type ReviewOutcome, reviewWithdrawal } from './review.ts';
export { WAITING_FOR_FUNDS } from './send-new.ts';
export { withdrawSenderJobs } from './sender.job.ts';
export { sendOnce } from './sender-pass.ts';
export { withdrawalApprovals, withdrawalSends, withdrawSenderPauses } from './withdraw-sender.schema.ts';
