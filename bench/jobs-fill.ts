/**
 * The due work of bench/jobs.ts, made in bulk SQL: `rows` users, each with one mining holding whose
 * one-day cycle ended, one stake past its maturity and one subscription to an IDO offering that is
 * about to end. The money behind them is booked as the modules would have left it, in balanced
 * entries: the users' staked and frozen USDT in one entry each against `deposits_clearing` (the
 * benchmark's shortcut: the modules would have written one entry a user), the reserves the jobs
 * pay from funded by `pool_funding` entries through the ledger's own `post`.
 */
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../server/db/client.ts';
import { rowsOf } from '../server/db/rows.ts';
import { post, systemAccount, transfer } from '../server/ledger/ledger.ts';
import { runPhases } from '../server/modules/ido/ido.job.ts';

/** The holdings' one day: long past, so that no declared output of the demo applies to it. */
export const JOBS_DAY = '2020-01-01';
/** What each holding reserved for its day, in BTC. */
const HOLDING_RESERVE = '0.00001';
/** Each stake's principal and interest, in USDT. */
const [STAKE, INTEREST] = ['200', '1'];
const HOUR = 3_600_000;

const address = (g: string) => sql.raw(`'0x' || lpad(to_hex(${g}), 40, '0')`);

const one = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T> => {
  const [row] = rowsOf<T>(await db.execute(query));
  if (!row) throw new Error('the query found nothing');
  return row;
};

export async function fillUsers(db: Db, rows: number): Promise<void> {
  await db.execute(sql`
    insert into users (address, invite_code)
    select ${address('g')}, 'J' || lpad(g::text, 7, '0') from generate_series(1, ${rows}) g`);
}

/**
 * Every user's `bucket` of `coin` credited `amount` in one balanced entry against the deposits'
 * clearing account. The buckets are new, so each account's balance is its one posting.
 */
async function creditAll(db: Db, key: string, bucket: string, amount: string, rows: number): Promise<void> {
  await db.execute(sql`
    insert into ledger_accounts (owner, coin, bucket, kind, balance)
    select ${address('g')}, 'USDT', ${bucket}, 'user', ${amount}::numeric from generate_series(1, ${rows}) g`);
  const { id } = await one<{ id: number }>(
    db,
    sql`insert into journal_entries (type, idempotency_key, reference) values ('deposit', ${key}, 'bench:jobs') returning id`,
  );
  await db.execute(sql`
    insert into postings (entry_id, account_id, coin, amount)
    select ${id}, a.id, a.coin, a.balance from ledger_accounts a
    where a.kind = 'user' and a.bucket = ${bucket} and a.coin = 'USDT'`);
  // The other side: what the entry credited, summed by the database (no arithmetic here).
  const { total } = await one<{ total: string }>(
    db,
    sql`select sum(amount)::text as total from postings where entry_id = ${id}`,
  );
  await db.execute(sql`
    insert into ledger_accounts (owner, coin, bucket, kind, balance)
    values ('system', 'USDT', 'deposits_clearing', 'clearing', -${total}::numeric)
    on conflict (owner, coin, bucket) do update set balance = ledger_accounts.balance + excluded.balance`);
  await db.execute(sql`
    insert into postings (entry_id, account_id, coin, amount)
    select ${id}, id, 'USDT', -${total}::numeric from ledger_accounts
    where owner = 'system' and coin = 'USDT' and bucket = 'deposits_clearing'`);
}

async function fund(
  db: Db,
  key: string,
  pool: 'mining_reserved' | 'staking_reserved',
  coin: string,
  amount: string,
) {
  await post(db, {
    type: 'pool_funding',
    idempotencyKey: key,
    reference: 'bench:jobs',
    postings: transfer(systemAccount('operator_funding'), systemAccount(pool), coin, amount),
  });
}

/** One BTC holding a user, of a one-day cycle on JOBS_DAY, its estimate reserved. */
export async function fillHoldings(db: Db, rows: number): Promise<void> {
  const product = await one<{ id: number }>(
    db,
    sql`select id from mining_products where coin = 'BTC' order by id limit 1`,
  );
  await db.execute(sql`
    insert into mining_holdings ("user", product_id, coin, joint, units, "of", hashrate, boost, cycle_days, paid,
      service_fee, reserved, reserve_left, first_day, status, created_at)
    select ${address('g')}, ${product.id}, 'BTC', false, 1, 1, 200, 0, 1, 10, 0,
      ${HOLDING_RESERVE}::numeric, ${HOLDING_RESERVE}::numeric, ${JOBS_DAY}::date, 'active', now()
    from generate_series(1, ${rows}) g`);
  const reserved = await one<{ total: string }>(
    db,
    sql`select sum(reserve_left)::text as total from mining_holdings where status = 'active'`,
  );
  await fund(db, 'bench:jobs:mining', 'mining_reserved', 'BTC', reserved.total);
}

/** One 200 USDT stake a user, matured an hour ago, its interest reserved. */
export async function fillStakes(db: Db, rows: number): Promise<void> {
  const plan = await one<{ id: number }>(
    db,
    sql`select id from staking_plans where coin = 'USDT' order by id limit 1`,
  );
  const now = Date.now();
  await db.execute(sql`
    insert into stakes ("user", plan_id, coin, amount, days, apr, interest, early_redemption, status, staked_at, matures_at)
    select ${address('g')}, ${plan.id}, 'USDT', ${STAKE}::numeric, 30, 6, ${INTEREST}::numeric, false, 'staked',
      ${new Date(now - 31 * 24 * HOUR)}, ${new Date(now - HOUR)}
    from generate_series(1, ${rows}) g`);
  await creditAll(db, 'bench:jobs:staked', 'staked', STAKE, rows);
  await fund(db, 'bench:jobs:staking', 'staking_reserved', 'USDT', `${rows * Number(INTEREST)}`);
}

export interface BenchOffering {
  id: number;
  endsAt: Date;
  releasesAt: Date;
}

/**
 * An offering of 50,000 JOB tokens at 0.1 USDT in shares of 10, opened (its treasury funded) and
 * ending in an hour: with one share a user, 100,000 users ask for 20 times what is offered.
 */
export async function openOffering(
  admin: (...argv: string[]) => Promise<unknown>,
  database: Database,
): Promise<BenchOffering> {
  const db = database.db;
  const now = Date.now();
  const [start, end, release] = [now - HOUR, now + HOUR, now + 2 * HOUR];
  await admin(
    ...['ido', 'create', 'JOB', '--name', 'Jobs benchmark', '--precision', '6'],
    ...[
      '--price',
      '0.1',
      '--offering',
      '50000',
      '--share-size',
      '10',
      '--min-shares',
      '1',
      '--max-shares',
      '10',
    ],
    ...['--start', new Date(start).toISOString(), '--end', new Date(end).toISOString()],
    ...['--release', new Date(release).toISOString(), '--description', 'The jobs benchmark offering.'],
  );
  await admin('fund', 'ido-treasury', 'JOB', '50000');
  await runPhases(database, new Date(now));
  const { id } = await one<{ id: number }>(
    db,
    sql`select id from ido_offerings where token = 'JOB' and phase = 'ongoing'`,
  );
  // bigserial comes back from a raw query as text.
  return { id: Number(id), endsAt: new Date(end), releasesAt: new Date(release) };
}

/** One share (10 tokens, 1 USDT frozen) a user. */
export async function fillSubscriptions(db: Db, offering: BenchOffering, rows: number): Promise<void> {
  await db.execute(sql`
    insert into ido_subscriptions (offering_id, "user", shares, asked, frozen)
    select ${offering.id}, ${address('g')}, 1, 10, 1 from generate_series(1, ${rows}) g`);
  await creditAll(db, 'bench:jobs:frozen', 'frozen', '1', rows);
}
