/** Withdrawals: 10022 options, 10023 terms to sign, 10025 submit, 10026 records, 10027 details with status history. */
import * as v from 'valibot';
import { paging, requestId } from './validation.ts';
import { nonceField, signatureField } from './withdraw-authorization.ts';

export const WITHDRAWAL_STATUSES = [
  'submitted',
  'reviewed',
  'processing',
  'successful',
  'rejected',
  'failed',
  'failure_processed',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** docs/spec/design.md section 6: the only transitions there are. */
export const WITHDRAWAL_TRANSITIONS: Record<WithdrawalStatus, readonly WithdrawalStatus[]> = {
  submitted: ['reviewed', 'rejected'],
  reviewed: ['processing'],
  processing: ['successful', 'failed'],
  failed: ['failure_processed'],
  successful: [],
  rejected: [],
  failure_processed: [],
};

export interface WithdrawOption {
  coin: string;
  chain: string;
  fee: string;
  min: string;
  max: string;
  available: string;
  /** The coin's daily limit and what is left of it over the last 24 hours (null: no limit). */
  dailyLimit: string | null;
  leftToday: string | null;
}

const symbol = v.pipe(v.string(), v.regex(/^[A-Z0-9]{2,12}$/));

/** 10023: the terms of a withdrawal, for the wallet to sign (./withdraw-authorization.ts). */
export const withdrawalTermsRequest = v.object({
  coin: symbol,
  chain: symbol,
  address: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  amount: v.pipe(v.string(), v.regex(/^(0|[1-9][0-9]{0,17})(\.[0-9]{1,18})?$/)),
  requestId,
});

/** 10025: the same fields, with the nonce of the signed terms and the wallet's signature. */
export const withdrawRequest = v.object({
  ...withdrawalTermsRequest.entries,
  nonce: nonceField,
  signature: signatureField,
});
export type WithdrawRequest = v.InferOutput<typeof withdrawRequest>;

export interface Withdrawal {
  id: number;
  coin: string;
  chain: string;
  address: string;
  amount: string;
  fee: string;
  /** amount - fee: what reaches the address. */
  arrival: string;
  status: WithdrawalStatus;
  txid: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface WithdrawalEvent {
  status: WithdrawalStatus;
  at: number;
  /** A reason the operator gave (rejection, failure), shown to the user. */
  note: string | null;
}

export interface WithdrawalDetails {
  withdrawal: Withdrawal;
  history: WithdrawalEvent[];
  /** The transaction on the chain's explorer (its configured URL template), once there is a txid. */
  explorerUrl: string | null;
  /**
   * Blocks on top of the sent transaction (seen, as the withdraw sender last counted them) against
   * the chain's number (required); null where no sender counts them (an operator-processed chain).
   */
  confirmations: { seen: number; required: number } | null;
}

export const withdrawRecordsRequest = v.object({
  ...paging(),
  status: v.optional(v.picklist(WITHDRAWAL_STATUSES)),
});

export const withdrawalDetailsRequest = v.object({
  id: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,15}$/), v.transform(Number)),
});
