/**
 * The double-entry ledger. Every coin movement is one journal entry whose postings sum to zero per
 * coin; balances change in the same transaction; accounts are locked in id order so concurrent
 * entries neither deadlock nor overspend; a repeated idempotency key posts nothing. Features call
 * `post` with postings built by the verbs below (credit, debit, freeze, release, transfer).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { EntryType, SystemAccount, UserBucket } from '../../protocol/ledger.ts';
import { POOL_ACCOUNTS, RESERVE_ACCOUNTS } from '../../protocol/ledger.ts';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { retryOnConflict } from '../db/retry.ts';
import { rowsOf } from '../db/rows.ts';
import { ApiError } from '../http/api-error.ts';
import { journalEntries, ledgerAccounts } from './ledger.schema.ts';
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

/** Checks an entry's shape: two postings or more, plain non-zero amounts, a zero sum per coin. */
function checkShape(entry: EntryInput): void {
  if (entry.postings.length < 2) throw new Error('an entry needs at least two postings');
  const sums = new Map<string, ReturnType<typeof dec>>();
  for (const p of entry.postings) {
    if (!isDecimalString(p.amount) || dec(p.amount).isZero())
      throw new Error(`bad posting amount "${p.amount}"`);
    sums.set(p.coin, (sums.get(p.coin) ?? dec('0')).plus(dec(p.amount)));
  }
  for (const [coin, sum] of sums) {
    if (!sum.isZero())
      throw new Error(`entry ${entry.idempotencyKey} does not balance in ${coin}: ${fmt(sum)}`);
  }
}

/** Checks the amounts against the coins' precisions, read in the entry's first statement. */
function checkPrecision(entry: EntryInput, precisions: ReadonlyMap<string, number>): void {
  for (const p of entry.postings) {
    const places = precisions.get(p.coin);
    if (places === undefined) throw new Error(`unknown coin ${p.coin}`);
    if (scaleOf(p.amount) > places)
      throw new Error(`${p.amount} has more than ${places} decimals for ${p.coin}`);
  }
}

interface AccountDelta {
  owner: string;
  coin: string;
  bucket: string;
  kind: AccountRef['kind'];
  delta: ReturnType<typeof dec>;
}

/**
 * Posts an entry inside the caller's transaction, in two statements (DESIGN.md's ledger; a
 * TPC-B transaction is five): the first inserts the journal entry (or finds its key taken),
 * creates the accounts it touches that do not exist yet and reads the coins' precisions; the
 * second locks the accounts in id order (so concurrent entries neither deadlock nor overspend),
 * changes every balance that stays at or above zero (clearing accounts may go below), and
 * inserts the postings. An account that would go below zero is not changed, and the entry fails
 * with the first of them in id order; the caller's transaction then rolls everything back.
 */
export async function post(tx: Tx, entry: EntryInput): Promise<PostResult> {
  checkShape(entry);
  const accounts = new Map<string, AccountDelta>();
  for (const p of entry.postings) {
    const k = key(p.account.owner, p.coin, p.account.bucket);
    const account = accounts.get(k) ?? { ...p.account, coin: p.coin, delta: dec('0') };
    account.delta = account.delta.plus(dec(p.amount));
    accounts.set(k, account);
  }
  // New accounts are inserted in one global order, so two entries creating the same accounts wait
  // for each other instead of deadlocking.
  const ordered = [...accounts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  const coinList = [...new Set(entry.postings.map((p) => p.coin))];
  const [head] = rowsOf<{ id: string | number | null; coins: [string, number][] | string }>(
    await tx.execute(sql`
      with created as (
        insert into journal_entries (type, idempotency_key, reference, memo)
        values (${entry.type}, ${entry.idempotencyKey}, ${entry.reference}, ${entry.memo ?? null})
        on conflict (idempotency_key) do nothing
        returning id
      ), opened as (
        insert into ledger_accounts (owner, coin, bucket, kind)
        select r->>0, r->>1, r->>2, r->>3
          from json_array_elements(${JSON.stringify(ordered.map((a) => [a.owner, a.coin, a.bucket, a.kind]))}::json)
               with ordinality as t(r, n)
         where exists (select 1 from coins where symbol = r->>1)
         order by n
        on conflict (owner, coin, bucket) do nothing
      )
      select (select id from created) as id,
             (select coalesce(json_agg(json_build_array(symbol, precision)), '[]'::json)
                from coins
               where symbol in (select json_array_elements_text(${JSON.stringify(coinList)}::json))) as coins`),
  );
  const coinRows =
    typeof head?.coins === 'string' ? (JSON.parse(head.coins) as [string, number][]) : head?.coins;
  checkPrecision(entry, new Map(coinRows ?? []));
  if (head?.id === null || head?.id === undefined) {
    const [existing] = await tx
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(eq(journalEntries.idempotencyKey, entry.idempotencyKey));
    if (!existing) throw new Error(`entry ${entry.idempotencyKey} vanished`);
    return { entryId: existing.id, duplicate: true };
  }
  const entryId = Number(head.id);

  const deltas = ordered.map((a) => [a.owner, a.coin, a.bucket, a.delta.toFixed()]);
  const lines = entry.postings.map((p) => [p.account.owner, p.coin, p.account.bucket, p.amount]);
  const locked = rowsOf<{ coin: string; kind: AccountRef['kind']; changed: boolean }>(
    await tx.execute(sql`
      with d as (
        select r->>0 as owner, r->>1 as coin, r->>2 as bucket, (r->>3)::numeric as delta
          from json_array_elements(${JSON.stringify(deltas)}::json) as r
      ), locked as (
        select a.id, a.owner, a.coin, a.bucket, a.kind, d.delta
          from ledger_accounts a
          join d on a.owner = d.owner and a.coin = d.coin and a.bucket = d.bucket
         order by a.id
           for update of a
      ), changed as (
        update ledger_accounts a set balance = a.balance + l.delta
          from locked l
         where a.id = l.id and (a.kind = 'clearing' or a.balance + l.delta >= 0)
        returning a.id, a.owner, a.coin, a.bucket
      ), written as (
        insert into postings (entry_id, account_id, coin, amount)
        select ${entryId}, c.id, r->>1, (r->>3)::numeric
          from json_array_elements(${JSON.stringify(lines)}::json) with ordinality as t(r, n)
          join changed c on c.owner = r->>0 and c.coin = r->>1 and c.bucket = r->>2
         order by n
      )
      select l.coin, l.kind, exists (select 1 from changed c where c.id = l.id) as changed
        from locked l
       order by l.id`),
  );
  if (locked.length !== accounts.size) throw new Error(`entry ${entry.idempotencyKey}: accounts missing`);
  const refused = locked.find((a) => !a.changed);
  if (refused) {
    throw new ApiError(refused.kind === 'user' ? 'insufficient_balance' : 'pool_exhausted', {
      coin: refused.coin,
    });
  }
  return { entryId, duplicate: false };
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
