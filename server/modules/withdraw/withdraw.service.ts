/**
 * Withdrawals under review (docs/spec/design.md section 6). Submitting freezes the amount; the operator
 * reviews, processes (with the chain txid) and completes; a rejection or a failure returns the
 * frozen amount. Every transition is checked against the state machine, recorded in the history,
 * and posts its ledger entry in the same transaction.
 */
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { DomainError } from '../../../protocol/domain-error.ts';
import type { Page } from '../../../protocol/envelope.ts';
import { dec, fmt, scaleOf } from '../../../protocol/money.ts';
import {
  WITHDRAWAL_TRANSITIONS,
  type Withdrawal,
  type WithdrawalDetails,
  type WithdrawalStatus,
  type WithdrawOption,
  type WithdrawRequest,
} from '../../../protocol/withdraw.ts';
import type { WithdrawalTerms } from '../../../protocol/withdraw-authorization.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { readPage } from '../../db/paging.ts';
import { coins } from '../../ledger/coins.schema.ts';
import {
  balancesByCoin,
  freeze,
  post,
  release,
  systemAccount,
  transfer,
  userAccount,
} from '../../ledger/ledger.ts';
import { chains } from '../config/index.ts';
import { addressValidFor, requireUsableAddress } from './address-book.ts';
import { explorerUrl } from './explorer.ts';
import { dailyLimits, leftToday, requireWithinLimit } from './limits.ts';
import { withdrawalEvents, withdrawals, withdrawRules } from './withdraw.schema.ts';
import { issueTerms, redeemTerms } from './withdraw-terms.ts';

export class WithdrawalStateError extends Error {
  override name = 'WithdrawalStateError';
}

type Row = typeof withdrawals.$inferSelect;

function toWithdrawal(r: Row): Withdrawal {
  return {
    id: r.id,
    coin: r.coin,
    chain: r.chain,
    address: r.address,
    amount: fmt(dec(r.amount)),
    fee: fmt(dec(r.fee)),
    arrival: fmt(dec(r.arrival)),
    status: r.status,
    txid: r.txid,
    createdAt: r.createdAt.getTime(),
    updatedAt: r.updatedAt.getTime(),
  };
}

export { addressValidFor };

export async function withdrawOptions(db: DbOrTx, wallet: string): Promise<WithdrawOption[]> {
  const rules = await db
    .select({
      coin: withdrawRules.coin,
      chain: withdrawRules.chain,
      fee: withdrawRules.fee,
      min: withdrawRules.min,
      max: withdrawRules.max,
    })
    .from(withdrawRules)
    .innerJoin(coins, eq(coins.symbol, withdrawRules.coin))
    .innerJoin(chains, eq(chains.id, withdrawRules.chain))
    .where(and(eq(withdrawRules.enabled, true), eq(coins.enabled, true), eq(chains.enabled, true)))
    .orderBy(asc(coins.sort), asc(chains.sort));
  const available = await balancesByCoin(
    db,
    userAccount(wallet),
    rules.map((r) => r.coin),
  );
  const limits = await dailyLimits(db);
  const left = new Map<string, { limit: string; left: string } | null>();
  for (const coin of new Set(rules.map((r) => r.coin)))
    left.set(coin, await leftToday(db, wallet, coin, limits));
  return rules.map((r) => ({
    coin: r.coin,
    chain: r.chain,
    fee: fmt(dec(r.fee)),
    min: fmt(dec(r.min)),
    max: fmt(dec(r.max)),
    available: available.get(r.coin) ?? '0',
    dailyLimit: left.get(r.coin)?.limit ?? null,
    leftToday: left.get(r.coin)?.left ?? null,
  }));
}

async function record(
  tx: Tx,
  id: number,
  status: WithdrawalStatus,
  actor: string,
  note: string | null,
): Promise<void> {
  await tx.insert(withdrawalEvents).values({ withdrawalId: id, status, actor, note });
}

/** The rule of `input`'s coin and chain, with its address and amount checked against it. */
async function checkedRequest(
  tx: Tx,
  input: Pick<WithdrawRequest, 'coin' | 'chain' | 'address' | 'amount'>,
): Promise<{ amount: string; fee: string }> {
  const [rule] = await tx
    .select({
      fee: withdrawRules.fee,
      min: withdrawRules.min,
      max: withdrawRules.max,
      family: chains.family,
      precision: coins.precision,
    })
    .from(withdrawRules)
    .innerJoin(coins, eq(coins.symbol, withdrawRules.coin))
    .innerJoin(chains, eq(chains.id, withdrawRules.chain))
    .where(
      and(
        eq(withdrawRules.coin, input.coin),
        eq(withdrawRules.chain, input.chain),
        // What withdrawOptions offers, and nothing else: a coin or chain the operator switched off
        // takes no new withdrawals, whatever its rule says.
        eq(withdrawRules.enabled, true),
        eq(coins.enabled, true),
        eq(chains.enabled, true),
      ),
    );
  if (!rule) throw new DomainError('withdrawal_unavailable', { coin: input.coin, chain: input.chain });
  if (!addressValidFor(rule.family, input.address))
    throw new DomainError('address_invalid', { chain: input.chain });
  const amount = dec(input.amount);
  const [min, max] = [fmt(dec(rule.min)), fmt(dec(rule.max))];
  if (scaleOf(input.amount) > rule.precision || amount.lessThan(dec(min)) || amount.greaterThan(dec(max))) {
    throw new DomainError('amount_out_of_range', { min, max });
  }
  return { amount: fmt(amount), fee: fmt(dec(rule.fee)) };
}

/**
 * 10023: the terms of a withdrawal for the wallet to sign, checked as 10025 will check them (the
 * rule, the address, the amount, the balance), so that nobody is asked to sign a refusal.
 */
export async function withdrawalTermsFor(
  tx: Tx,
  wallet: string,
  input: Pick<WithdrawRequest, 'coin' | 'chain' | 'address' | 'amount'>,
): Promise<WithdrawalTerms> {
  const { amount, fee } = await checkedRequest(tx, input);
  await requireUsableAddress(tx, wallet, input);
  const available = (await balancesByCoin(tx, userAccount(wallet), [input.coin])).get(input.coin) ?? '0';
  if (dec(amount).greaterThan(dec(available)))
    throw new DomainError('insufficient_balance', { coin: input.coin });
  await requireWithinLimit(tx, wallet, input.coin, amount, false);
  return issueTerms(tx, wallet, {
    coin: input.coin,
    chain: input.chain,
    address: input.address,
    amount,
    fee,
  });
}

/** 10025: a withdrawal the wallet signed the terms of (./withdraw-terms.ts); its amount is frozen. */
export async function submitWithdrawal(tx: Tx, wallet: string, input: WithdrawRequest): Promise<Withdrawal> {
  const { amount, fee } = await checkedRequest(tx, input);
  const terms = await redeemTerms(tx, wallet, input, fee);
  // After the signature: an altered request is refused as such. The address may have been
  // deleted (or the limit used up) since the terms were issued, so both are asked again here.
  await requireUsableAddress(tx, wallet, input);
  await requireWithinLimit(tx, wallet, input.coin, amount, true);
  const now = new Date();
  const [row] = await tx
    .insert(withdrawals)
    .values({
      user: wallet.toLowerCase(),
      coin: input.coin,
      chain: input.chain,
      address: input.address,
      amount,
      fee,
      arrival: fmt(dec(amount).minus(dec(fee))),
      status: 'submitted',
      termsNonce: terms.nonce,
      signature: input.signature,
      // The process's clock, as the daily limit's window reads it.
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('withdrawal not stored');
  await post(tx, {
    type: 'withdrawal',
    idempotencyKey: `withdrawal:${row.id}:submit`,
    reference: `withdrawal:${row.id}`,
    postings: freeze(wallet, input.coin, amount),
  });
  await record(tx, row.id, 'submitted', 'user', null);
  return toWithdrawal(row);
}

/** One operator step; refused unless the state machine allows it. */
export async function advanceWithdrawal(
  tx: Tx,
  id: number,
  to: WithdrawalStatus,
  by: { actor: string; note?: string | null; txid?: string },
): Promise<Withdrawal> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  if (!row) throw new WithdrawalStateError(`no withdrawal ${id}`);
  if (!WITHDRAWAL_TRANSITIONS[row.status].includes(to)) {
    throw new WithdrawalStateError(`withdrawal ${id} cannot go from ${row.status} to ${to}`);
  }
  const reference = `withdrawal:${id}`;
  const [amount, fee, arrival] = [fmt(dec(row.amount)), fmt(dec(row.fee)), fmt(dec(row.arrival))];
  if (to === 'rejected' || to === 'failure_processed') {
    await post(tx, {
      type: 'withdrawal_returned',
      idempotencyKey: `${reference}:${to}`,
      reference,
      postings: release(row.user, row.coin, amount),
    });
  }
  if (to === 'successful') {
    // The frozen amount leaves: the arrival amount to the chain, the handling fee to revenue.
    const postings = [
      ...transfer(userAccount(row.user, 'frozen'), systemAccount('withdrawals_clearing'), row.coin, arrival),
    ];
    if (!dec(fee).isZero())
      postings.push(
        ...transfer(userAccount(row.user, 'frozen'), systemAccount('fee_revenue'), row.coin, fee),
      );
    await post(tx, { type: 'withdrawal', idempotencyKey: `${reference}:successful`, reference, postings });
  }
  const [updated] = await tx
    .update(withdrawals)
    .set({ status: to, updatedAt: new Date(), ...(by.txid ? { txid: by.txid } : {}) })
    .where(eq(withdrawals.id, id))
    .returning();
  await record(tx, id, to, by.actor, by.note ?? null);
  return toWithdrawal(updated as Row);
}

export async function withdrawalRecords(
  db: DbOrTx,
  wallet: string,
  filter: { page: number; size: number; status?: WithdrawalStatus | undefined },
): Promise<Page<Withdrawal>> {
  const where = and(
    eq(withdrawals.user, wallet.toLowerCase()),
    filter.status ? eq(withdrawals.status, filter.status) : undefined,
  );
  return readPage(filter, {
    count: () => db.select({ n: count() }).from(withdrawals).where(where),
    rows: ({ limit, offset }) =>
      db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.id)).limit(limit).offset(offset),
    list: (rows) => rows.map(toWithdrawal),
  });
}

/**
 * The blocks on top of a withdrawal's sent transaction as the withdraw sender last counted them
 * (0 when it is not, or no longer, in a block): the details screen shows them against the chain's
 * number. Only while it is processing, and at its completion.
 */
export async function recordConfirmations(db: DbOrTx, id: number, confirmations: number): Promise<void> {
  await db
    .update(withdrawals)
    .set({ confirmations })
    .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, ['processing', 'successful'])));
}

/** `seen` against the chain's number: asked only when the sender counts this withdrawal's blocks. */
async function confirmationsOf(db: DbOrTx, chain: string, seen: number) {
  const [row] = await db.select({ required: chains.confirmations }).from(chains).where(eq(chains.id, chain));
  return { seen, required: row?.required ?? 0 };
}

/** A user sees only their own withdrawals; another's id is "not found", not "forbidden". */
export async function withdrawalDetails(
  db: DbOrTx,
  wallet: string | null,
  id: number,
): Promise<WithdrawalDetails> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!row || (wallet !== null && row.user !== wallet.toLowerCase())) throw new DomainError('not_found');
  const history = await db
    .select({ status: withdrawalEvents.status, at: withdrawalEvents.at, note: withdrawalEvents.note })
    .from(withdrawalEvents)
    .where(eq(withdrawalEvents.withdrawalId, id))
    .orderBy(asc(withdrawalEvents.id));
  return {
    withdrawal: toWithdrawal(row),
    history: history.map((h) => ({ status: h.status, at: h.at.getTime(), note: h.note })),
    explorerUrl: await explorerUrl(db, row.chain, row.txid),
    confirmations:
      row.confirmations === null ? null : await confirmationsOf(db, row.chain, row.confirmations),
  };
}

export async function listWithdrawals(
  db: DbOrTx,
  status?: WithdrawalStatus,
): Promise<(Withdrawal & { user: string })[]> {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(status ? eq(withdrawals.status, status) : undefined)
    .orderBy(asc(withdrawals.id))
    .limit(500);
  return rows.map((r) => ({ ...toWithdrawal(r), user: r.user }));
}
