/**
 * A withdrawal as the page makes it (docs/withdrawals.md, "The wallet signs"): the address saved
 * in the book (10028; test databases start with no cooling-off, tests/helpers/databases.ts), the
 * terms from 10023, signed by the wallet's key (EIP-712), then 10025 with the nonce and the
 * signature.
 */
import { randomUUID } from 'node:crypto';
import type { LocalAccount } from 'viem';
import type { ApiCode } from '../../protocol/codes.ts';
import { withdrawalTypedData } from '../../protocol/withdraw-authorization.ts';
import type { Answer } from './app.ts';

type Call = <C extends ApiCode>(code: C, fields?: Record<string, string>) => Promise<Answer<C>>;

export interface WithdrawalFields {
  coin: string;
  chain: string;
  address: string;
  amount: string;
  /** 10025's; a fresh one when left out. */
  requestId?: string;
}

/**
 * The fields of 10025 for a withdrawal `account` signed, or the refusal of its terms (10023), as
 * 10025 would answer it: it checks the same rules. A retry sends the same fields again.
 */
export async function signWithdrawal(
  call: Call,
  account: LocalAccount,
  fields: WithdrawalFields,
): Promise<{ fields: Record<string, string> } | { refused: Answer<'10025'> }> {
  const { requestId = randomUUID(), ...asked } = fields;
  // Saved already ("duplicate") or refused as 10023 will refuse it: either way 10023 answers next.
  await call('10028', {
    coin: asked.coin,
    chain: asked.chain,
    address: asked.address,
    label: 'test',
    requestId: randomUUID(),
  });
  const terms = await call('10023', { ...asked, requestId: randomUUID() });
  if (terms.respCode !== '00000' || !terms.data) return { refused: terms as unknown as Answer<'10025'> };
  const signature = await account.signTypedData(withdrawalTypedData(terms.data));
  return { fields: { ...asked, requestId, nonce: terms.data.nonce, signature } };
}

/** 10025's answer to a withdrawal `account` signed (or to its terms' refusal). */
export async function signedWithdrawal(
  call: Call,
  account: LocalAccount,
  fields: WithdrawalFields,
): Promise<Answer<'10025'>> {
  const signed = await signWithdrawal(call, account, fields);
  return 'refused' in signed ? signed.refused : call('10025', signed.fields);
}
