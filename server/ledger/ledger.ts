/**
 * The double-entry ledger. Every coin movement is one journal entry whose postings sum to zero per
 * coin; balances change in the same transaction; accounts are locked in id order so concurrent
 * entries neither deadlock nor overspend; a repeated idempotency key posts nothing. Features call
 * `post` with postings built by the verbs below (credit, debit, freeze, release, transfer).
 */
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { DomainError } from '../../protocol/domain-error.ts';
import type { EntryType, SystemAccount, UserBucket } from '../../protocol/ledger.ts';
import { POOL_ACCOUNTS, RESERVE_ACCOUNTS } from '../../protocol/ledger.ts';
import { dec, fmt, isDecimalString } from '../../protocol/money.ts';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { messageOf, retryOnConflict, sqlStateOf } from '../db/retry.ts';
import { type Jsonb, jsonbOf, rowsOf } from '../db/rows.ts';
import { ledgerAccounts } from './ledger.schema.ts';

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

/** Checks an entry's shape: two postings or more, plain non-zero amounts, a zero sum per coin. */
function checkShape(entry: EntryInput): void {
  if (entry.postings.length < 2) throw new Error('an entry needs at least two postings');
  const sums = new Map<string, ReturnType<typeof dec>>();
  for (const p of entry.postings) {
    const amount = isDecimalString(p.amount) ? dec(p.amount) : null;
    if (!amount || amount.isZero()) throw new Error(`bad posting amount "${p.amount}"`);
    const sum = sums.get(p.coin);
    sums.set(p.coin, sum ? sum.plus(amount) : amount);
  }
  for (const [coin, sum] of sums) {
    if (!sum.isZero())
      throw new Error(`entry ${entry.idempotencyKey} does not balance in ${coin}: ${fmt(sum)}`);
  }
}

interface AccountDelta {
  owner: string;
  coin: string;
  bucket: string;
  kind: AccountRef['kind'];
  /** The account's change in this entry: the posting's amount, or a sum when it has several. */
  delta: string | ReturnType<typeof dec>;
}

/**
 * Turns the refusals `ledger_post` raises (migration 0020) into what callers expect: a DomainError
 * for a balance that would go below zero, a plain Error naming the coin or amount that is wrong.
 */
function ledgerRefusal(error: unknown): Error | undefined {
  const state = sqlStateOf(error);
  if (state !== 'ML001' && state !== 'ML002' && state !== 'ML003') return undefined;
  const message = messageOf(error);
  if (state === 'ML003') return new Error(message);
  return new DomainError(state === 'ML001' ? 'insufficient_balance' : 'pool_exhausted', { coin: message });
}

/**
 * Posts an entry inside the caller's transaction (or, given the database, as a transaction of its
 * own) in one statement: `ledger_post` (migration 0020) checks every amount against its coin's
 * precision, inserts the journal entry (or finds its key taken: nothing moves), creates the
 * accounts it touches that do not exist yet, locks them in id order (so concurrent entries
 * neither deadlock nor overspend), changes every balance and inserts the postings. A user or pool
 * account that would go below zero refuses the whole entry with the first of them in id order;
 * the statement, and the caller's transaction with it, then roll back. A TPC-B transaction is
 * five statements; an entry is one.
 */
export async function post(tx: DbOrTx, entry: EntryInput): Promise<PostResult> {
  const result = await runLedgerPost(tx, sql`select ledger_post(${entryPayload(entry)}::jsonb) as result`);
  if (!result) throw new Error(`entry ${entry.idempotencyKey}: no answer from ledger_post`);
  return result;
}

/** The entry as `ledger_post` takes it (its JSON text), after checking its shape. */
function entryPayload(entry: EntryInput): string {
  return JSON.stringify(entryPayloadOf(entry));
}

/** The entry as `ledger_post` takes it, as a value to put inside a larger JSON argument. */
export function entryPayloadOf(entry: EntryInput): object {
  checkShape(entry);
  const accounts = new Map<string, AccountDelta>();
  for (const p of entry.postings) {
    const k = key(p.account.owner, p.coin, p.account.bucket);
    const account = accounts.get(k);
    // Most entries name each account once: its delta is the posting's amount, not a sum to make.
    if (account) account.delta = dec(account.delta).plus(dec(p.amount));
    else accounts.set(k, { ...p.account, coin: p.coin, delta: p.amount });
  }
  // New accounts are inserted in one global order, so two entries creating the same accounts wait
  // for each other instead of deadlocking.
  const ordered = [...accounts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  return {
    t: entry.type,
    k: entry.idempotencyKey,
    r: entry.reference,
    m: entry.memo ?? null,
    a: ordered.map((a) => [
      a.owner,
      a.coin,
      a.bucket,
      a.kind,
      typeof a.delta === 'string' ? a.delta : a.delta.toFixed(),
    ]),
    p: entry.postings.map((p) => [p.account.owner, p.coin, p.account.bucket, p.amount]),
  };
}

/**
 * Several entries posted in one statement, inside the caller's transaction (or as a transaction of
 * their own, given the database): `ledger_post_many` (migration 0036) keeps `post`'s rules entry by
 * entry, in order (each key posts once, a balance refused when it would go below zero after any
 * of them), with a fixed number of statements for the whole call instead of about eight per
 * entry: the journal rows in one insert, every account locked once in id order, each balance
 * changed once by its entries' sum, every posting in one insert. Answers each entry's result in
 * order. A refusal undoes them all.
 */
export async function postMany(tx: DbOrTx, entries: EntryInput[]): Promise<PostResult[]> {
  if (entries.length === 0) return [];
  const payload = JSON.stringify(entries.map(entryPayloadOf));
  const [row] = await ledgerRows<{ result: Jsonb<LedgerAnswer[] | null> }>(
    tx,
    sql`select ledger_post_many(${payload}::jsonb) as result`,
  );
  return (jsonbOf(row?.result ?? null) ?? []).map(resultOf);
}

/**
 * Entries posted in the same statement as the changes of the rows they settle, inside the
 * caller's transaction: `change` is a data-modifying statement (an UPDATE guarded by the state
 * each row is expected in) whose RETURNING clause gives `id` and `entry` (jsonb, as
 * `entryPayloadOf` makes it) for each row it changed; the returned rows' entries are posted
 * together by `ledger_post_many`, in id order, after all the changes, so a row whose guard matched
 * nothing moves no money. Answers the ids changed. The caller first locks the rows `change`
 * touches, in id order; `ledger_post_many` then locks the entries' accounts in id order, as one
 * entry's transaction takes them (row, then accounts in id order), so a batch and a single entry
 * never deadlock each other. A refusal undoes the batch.
 */
export async function postAllWith(tx: Tx, change: SQL): Promise<number[]> {
  const [row] = await ledgerRows<{ ids: Jsonb<(string | number)[]> }>(
    tx,
    sql`with changed as (${change})
        select coalesce(jsonb_agg(id order by id), '[]'::jsonb) as ids,
               ledger_post_many(coalesce(jsonb_agg(entry order by id), '[]'::jsonb), false) as result
          from changed`,
  );
  return jsonbOf(row?.ids ?? []).map(Number);
}

/** What `ledger_post` answers for an entry (`ledger_post_many`, for each). */
interface LedgerAnswer {
  id: string | number;
  duplicate: boolean;
}

const resultOf = (answer: LedgerAnswer): PostResult => ({
  entryId: Number(answer.id),
  duplicate: answer.duplicate,
});

/** The rows of a statement that calls the ledger's functions; their refusals as callers expect. */
async function ledgerRows<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  try {
    return rowsOf<T>(await db.execute(statement));
  } catch (error) {
    throw ledgerRefusal(error) ?? error;
  }
}

/** Runs a statement whose one row (if any) is `ledger_post`'s answer. */
async function runLedgerPost(db: DbOrTx, statement: SQL): Promise<PostResult | null> {
  const [row] = await ledgerRows<{ result: Jsonb<LedgerAnswer> }>(db, statement);
  return row ? resultOf(jsonbOf(row.result)) : null;
}

/** Posts an entry in a transaction of its own. */
export function postEntry(db: Db, entry: EntryInput): Promise<PostResult> {
  // One statement is one transaction: no BEGIN and COMMIT round trips around it.
  return retryOnConflict(() => post(db, entry));
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

/**
 * `balanceOf` for several coins in one query, instead of one query per coin (the lists of plans,
 * machines and withdraw options name many). Every coin asked for is in the map: '0' without an
 * account, as `balanceOf` answers.
 */
export async function balancesByCoin(
  db: DbOrTx,
  account: AccountRef,
  coinList: readonly string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(coinList)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ coin: ledgerAccounts.coin, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.owner, account.owner),
        eq(ledgerAccounts.bucket, account.bucket),
        inArray(ledgerAccounts.coin, wanted),
      ),
    );
  const found = new Map(rows.map((r) => [r.coin, fmt(dec(r.balance))]));
  return new Map(wanted.map((coin) => [coin, found.get(coin) ?? '0']));
}
