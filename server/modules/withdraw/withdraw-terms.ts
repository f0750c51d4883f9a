/**
 * The wallet's signature on a withdrawal (docs/withdrawals.md, "The wallet signs"): 10023 issues
 * the terms (destination, coin, chain, amount, today's fee, a single-use nonce, an expiry five
 * minutes on), 10025 takes them back with the session wallet's EIP-712 signature. A cookie without
 * the wallet cannot withdraw: the terms are checked, verified against the session's own address
 * and used up in the withdrawal's own transaction.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { getAddress, type Hex, verifyTypedData } from 'viem';
import { DomainError } from '../../../protocol/domain-error.ts';
import { dec, fmt } from '../../../protocol/money.ts';
import type { WithdrawRequest } from '../../../protocol/withdraw.ts';
import {
  WITHDRAWAL_AUTHORIZATION_TTL_MS,
  type WithdrawalTerms,
  withdrawalTypedData,
} from '../../../protocol/withdraw-authorization.ts';
import type { Tx } from '../../db/client.ts';
import { withdrawalTerms } from './withdraw.schema.ts';

type TermsRow = typeof withdrawalTerms.$inferSelect;

function termsOf(row: TermsRow): WithdrawalTerms {
  return {
    to: row.address,
    coin: row.coin,
    chain: row.chain,
    amount: fmt(dec(row.amount)),
    fee: fmt(dec(row.fee)),
    nonce: row.nonce,
    expiry: Math.floor(row.expiresAt.getTime() / 1000),
  };
}

/** Stores the terms of a withdrawal whose rule, address and amount the caller has checked. */
export async function issueTerms(
  tx: Tx,
  wallet: string,
  checked: { coin: string; chain: string; address: string; amount: string; fee: string },
  now = Date.now(),
): Promise<WithdrawalTerms> {
  const [row] = await tx
    .insert(withdrawalTerms)
    .values({
      nonce: `0x${randomBytes(32).toString('hex')}`,
      user: wallet.toLowerCase(),
      ...checked,
      // Whole seconds: the signed expiry is in seconds, and it must say what the server checks.
      expiresAt: new Date(Math.floor((now + WITHDRAWAL_AUTHORIZATION_TTL_MS) / 1000) * 1000),
    })
    .returning();
  if (!row) throw new Error('withdrawal terms not stored');
  return termsOf(row);
}

/**
 * The signed terms of `input`, used up: refused when unknown or another wallet's, used, expired,
 * not what the request asks for, not signed by `wallet`, or priced at another fee than `fee`
 * (the rule's fee now). Runs in the withdrawal's transaction, so a refusal uses nothing up.
 */
export async function redeemTerms(
  tx: Tx,
  wallet: string,
  input: WithdrawRequest,
  fee: string,
  now = Date.now(),
): Promise<WithdrawalTerms> {
  const user = wallet.toLowerCase();
  const [row] = await tx
    .select()
    .from(withdrawalTerms)
    .where(and(eq(withdrawalTerms.nonce, input.nonce.toLowerCase()), eq(withdrawalTerms.user, user)))
    .for('update');
  if (!row) throw new DomainError('withdrawal_signature_invalid');
  if (row.usedAt) throw new DomainError('withdrawal_terms_used');
  if (row.expiresAt.getTime() <= now) throw new DomainError('withdrawal_terms_expired');
  const terms = termsOf(row);
  const asked =
    terms.coin === input.coin &&
    terms.chain === input.chain &&
    terms.to === input.address &&
    dec(terms.amount).eq(dec(input.amount));
  if (!asked || !(await signedBy(wallet, terms, input.signature)))
    throw new DomainError('withdrawal_signature_invalid');
  if (!dec(terms.fee).eq(dec(fee))) throw new DomainError('withdrawal_terms_changed', { fee });
  await tx
    .update(withdrawalTerms)
    .set({ usedAt: new Date(now) })
    .where(eq(withdrawalTerms.nonce, row.nonce));
  return terms;
}

async function signedBy(wallet: string, terms: WithdrawalTerms, signature: string): Promise<boolean> {
  try {
    return await verifyTypedData({
      address: getAddress(wallet),
      ...withdrawalTypedData(terms),
      signature: signature as Hex,
    });
  } catch {
    // A signature that does not even parse is no signature of this wallet.
    return false;
  }
}
