/**
 * The double-entry ledger. Every coin movement is one journal entry whose postings sum to zero per
 * coin; balances change in the same transaction; accounts are locked in id order so concurrent
 * entries neither deadlock nor overspend; a repeated idempotency key posts nothing. Features call
 * `post` with postings built by the verbs below (credit, debit, freeze, release, transfer).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { EntryType, SystemAccount, UserBucket } from '../../protocol/ledger.ts';
import { POOL_ACCOUNTS, RESERVE_ACCOUNTS } from '../../protocol/ledger.ts';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { retryOnConflict } from '../db/retry.ts';
import { ApiError } from '../http/api-error.ts';
import { coins } from '../modules/config/config.schema.ts';
import { journalEntries, ledgerAccounts, postings } from './ledger.schema.ts';
import { dec, fmt, isDecimalString, scaleOf } from './money.ts';

export const SYSTEM_OWNER = 'system';

export interface AccountRef {
  owner: string;
  bucket: string;
  kind: 'user' | 'pool' | 'clearing';
}

export function userAccount(address: string, bucket: UserBucket = 'available'): AccountRef {
  return { owner: address.toLowerCase(), bucket, kind: 'user' };
}

export function systemAccount(name: SystemAccount): AccountRef {
  return {
    owner: SYSTEM_OWNER,
    bucket: name,
    // Reserves keep the pools' rule: never below zero.
    kind: ([...POOL_ACCOUNTS, ...RESERVE_ACCOUNTS] as readonly string[]).includes(name) ? 'pool' : 'clearing',
  };
}

export interface Posting {
  account: AccountRef;
  coin: string;
  /** Signed decimal string; positive adds to the account. */
  amount: string;
}

export interface EntryInput {
  type: EntryType;
  idempotencyKey: string;
  reference: string;
  memo?: string;
  postings: Posting[];
}

export interface PostResult {
  entryId: number;
  /** The key was posted before: nothing moved this time. */
  duplicate: boolean;
}

/** Moves `amount` of `coin` from one account to another: the basic balanced pair. */
export function transfer(from: AccountRef, to: AccountRef, coin: string, amount: string): Posting[] {
  return [
    { account: from, coin, amount: fmt(dec(amount).negated()) },
    { account: to, coin, amount: fmt(dec(amount)) },
  ];
}

/** Available -> frozen, e.g. a withdrawal under review. */
export function freeze(address: string, coin: string, amount: string): Posting[] {
  return transfer(userAccount(address, 'available'), userAccount(address, 'frozen'), coin, amount);
}

/** Frozen -> available, e.g. a rejected withdrawal. */
export function release(address: string, coin: string, amount: string): Posting[] {
  return transfer(userAccount(address, 'frozen'), userAccount(address, 'available'), coin, amount);
}

/** A user's available balance grows from a system account. */
export function credit(address: string, from: SystemAccount, coin: string, amount: string): Posting[] {
  return transfer(systemAccount(from), userAccount(address), coin, amount);
}

/** A user's available balance shrinks into a system account. */
export function debit(address: string, to: SystemAccount, coin: string, amount: string): Posting[] {
  return transfer(userAccount(address), systemAccount(to), coin, amount);
}

const key = (owner: string, coin: string, bucket: string) => `${owner}\u0000${coin}\u0000${bucket}`;

/** Checks an entry before anything is written: amounts, precision, balance per coin. */
async function validate(db: DbOrTx, entry: EntryInput): Promise<void> {
  if (entry.postings.length < 2) throw new Error('an entry needs at least two postings');
  const coinSymbols = [...new Set(entry.postings.map((p) => p.coin))];
  const rows = await db
    .select({ symbol: coins.symbol, precision: coins.precision })
    .from(coins)
    .where(inArray(coins.symbol, coinSymbols));
  const precision = new Map(rows.map((r) => [r.symbol, r.precision]));
  const sums = new Map<string, ReturnType<typeof dec>>();
  for (const p of entry.postings) {
    const places = precision.get(p.coin);
    if (places === undefined) throw new Error(`unknown coin ${p.coin}`);
    if (!isDecimalString(p.amount) || dec(p.amount).isZero())
      throw new Error(`bad posting amount "${p.amount}"`);
    if (scaleOf(p.amount) > places)
      throw new Error(`${p.amount} has more than ${places} decimals for ${p.coin}`);
    sums.set(p.coin, (sums.get(p.coin) ?? dec('0')).plus(dec(p.amount)));
  }
  for (const [coin, sum] of sums) {
    if (!sum.isZero())
      throw new Error(`entry ${entry.idempotencyKey} does not balance in ${coin}: ${fmt(sum)}`);
  }
}

/** Posts an entry inside the caller's transaction. */
export async function post(tx: Tx, entry: EntryInput): Promise<PostResult> {
  await validate(tx, entry);
  const [created] = await tx
    .insert(journalEntries)
    .values({
      type: entry.type,
      idempotencyKey: entry.idempotencyKey,
      reference: entry.reference,
      memo: entry.memo ?? null,
    })
    .onConflictDoNothing({ target: journalEntries.idempotencyKey })
    .returning({ id: journalEntries.id });
  if (!created) {
    const [existing] = await tx
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(eq(journalEntries.idempotencyKey, entry.idempotencyKey));
    if (!existing) throw new Error(`entry ${entry.idempotencyKey} vanished`);
    return { entryId: existing.id, duplicate: true };
  }

  // Every account the entry touches exists, then all are locked in id order.
  const distinct = new Map<
    string,
    { owner: string; coin: string; bucket: string; kind: AccountRef['kind'] }
  >();
  for (const p of entry.postings) {
    distinct.set(key(p.account.owner, p.coin, p.account.bucket), { ...p.account, coin: p.coin });
  }
  // New accounts are inserted in one global order, so two entries creating the same accounts wait
  // for each other instead of deadlocking.
  const missing = [...distinct.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  await tx.insert(ledgerAccounts).values(missing).onConflictDoNothing();
  const locked = await tx
    .select()
    .from(ledgerAccounts)
    .where(
      sql`(${ledgerAccounts.owner}, ${ledgerAccounts.coin}, ${ledgerAccounts.bucket}) in (${sql.join(
        [...distinct.values()].map((a) => sql`(${a.owner}, ${a.coin}, ${a.bucket})`),
        sql`, `,
      )})`,
    )
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  const byKey = new Map(locked.map((a) => [key(a.owner, a.coin, a.bucket), a]));

  const delta = new Map<number, ReturnType<typeof dec>>();
  for (const p of entry.postings) {
    const account = byKey.get(key(p.account.owner, p.coin, p.account.bucket));
    if (!account) throw new Error('account not locked');
    delta.set(account.id, (delta.get(account.id) ?? dec('0')).plus(dec(p.amount)));
  }
  for (const account of locked) {
    const change = delta.get(account.id);
    if (!change || change.isZero()) continue;
    const next = dec(account.balance).plus(change);
    if (account.kind !== 'clearing' && next.isNegative()) {
      throw new ApiError(account.kind === 'user' ? 'insufficient_balance' : 'pool_exhausted', {
        coin: account.coin,
      });
    }
    await tx
      .update(ledgerAccounts)
      .set({ balance: fmt(next) })
      .where(eq(ledgerAccounts.id, account.id));
  }
  await tx.insert(postings).values(
    entry.postings.map((p) => ({
      entryId: created.id,
      accountId: (byKey.get(key(p.account.owner, p.coin, p.account.bucket)) as { id: number }).id,
      coin: p.coin,
      amount: p.amount,
    })),
  );
  return { entryId: created.id, duplicate: false };
}

/** Posts an entry in a transaction of its own. */
export function postEntry(db: Db, entry: EntryInput): Promise<PostResult> {
  return retryOnConflict(() => db.transaction((tx) => post(tx, entry)));
}

export interface BalanceRow {
  coin: string;
  bucket: string;
  balance: string;
}

export async function balancesOf(db: DbOrTx, owner: string): Promise<BalanceRow[]> {
  const rows = await db
    .select({ coin: ledgerAccounts.coin, bucket: ledgerAccounts.bucket, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.owner, owner.toLowerCase()))
    .orderBy(asc(ledgerAccounts.coin), asc(ledgerAccounts.bucket));
  return rows.map((r) => ({ ...r, balance: fmt(dec(r.balance)) }));
}

export async function balanceOf(db: DbOrTx, account: AccountRef, coin: string): Promise<string> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.owner, account.owner),
        eq(ledgerAccounts.coin, coin),
        eq(ledgerAccounts.bucket, account.bucket),
      ),
    );
  return row ? fmt(dec(row.balance)) : '0';
}
