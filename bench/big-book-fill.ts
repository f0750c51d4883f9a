/**
 * Fills a migrated, demo-seeded database with a year of history in set-based SQL (issue #41,
 * "the big book"): users with invitation chains, and per user the entries the real modules post,
 * with their keys, references, account kinds and business rows (deposits, exchanges, stakes,
 * orders, mining holdings and their daily income, referral rewards). Every entry's postings sum
 * to zero per coin; balances are set from the postings at the end, and the pools are funded
 * (`pool_funding`) with what the history paid out of them, so `admin audit` is clean. Ids are
 * given explicitly from blocks ordered by time, so ids grow with time as they do in production.
 *
 * Per user: 4 activity cycles (2 deposits, an exchange USDT to BTC with its referral payout, a
 * 30-day stake redeemed with interest, two market orders opened and closed) and one 30-day rental
 * of the S21 with its 30 daily earnings: about 210 postings. The deep user has 25 times that, the
 * young user one cycle.
 */
import type pg from 'pg';
import { withoutSecondaryIndexes } from './big-book-bulk.ts';
import { fillCandles, fillRows } from './big-book-rows.ts';

export interface FillOptions {
  users: number;
  /** Minutes of 1-minute candles per instrument (a year is 525,600). */
  candleMinutes: number;
  /** The signed-in users: user 1 has the deep history, user 2 the young one. */
  deepAddress: string;
  youngAddress: string;
  /** Progress lines. */
  log: (line: string) => void;
}

export interface FillResult {
  entries: number;
  postings: number;
  candles: number;
  ms: number;
}

export const CYCLES = 4;
export const DEEP_CYCLES = 100;
export const DAY_MS = 86_400_000;
/** Slots per block: a cycle's 11 entries, a rental's purchase and 30 days of earnings. */
const CYCLE_SLOTS = 11;
const RENTAL_SLOTS = 31;
export const RENTAL_DAYS = 30;
/** Room for an entry's postings in the posting id space: id = entry id * 8 + leg. */
const LEGS = 8;
/** The tables the bulk of the rows go to. */
const BULK_TABLES = ['journal_entries', 'postings', 'mining_income', 'referral_rewards'] as const;

const SYSTEM: readonly [string, string, 'pool' | 'clearing'][] = [
  ['USDT', 'deposits_clearing', 'clearing'],
  ['USDT', 'exchange_inventory', 'pool'],
  ['BTC', 'exchange_inventory', 'pool'],
  ['BTC', 'fee_revenue', 'clearing'],
  ['USDT', 'fee_revenue', 'clearing'],
  ['USDT', 'staking_reward_pool', 'pool'],
  ['USDT', 'staking_reserved', 'pool'],
  ['USDT', 'mining_revenue', 'clearing'],
  ['BTC', 'mining_output_pool', 'pool'],
  ['BTC', 'mining_reserved', 'pool'],
  ['USDT', 'trading_margin_pool', 'pool'],
  ['USDT', 'operator_funding', 'clearing'],
  ['BTC', 'operator_funding', 'clearing'],
];

/** A user's accounts, at `base + (u - 1) * 4 + slot`. */
const SLOT = { usdt: 0, frozen: 1, staked: 2, btc: 3 } as const;

async function one<T>(client: pg.Client, text: string): Promise<T> {
  const { rows } = await client.query(text);
  if (!rows[0]) throw new Error(`no row: ${text.slice(0, 80)}`);
  return rows[0] as T;
}

/**
 * User u's inviter (u > 2): users 3 to 10 were invited by the deep user (so its invitees are the
 * same in a book of any size), later ones by an earlier user, in chains of about seven.
 */
export const inviterOf = (u: string) => `(case when ${u} <= 10 then 1 else 2 + ${u} / 7 end)`;

/** The UTC day `days` after block b's time, as the mining settlement names its days. */
export const utcDay = (days: string) => `((to_timestamp(b.t / 1000.0) at time zone 'UTC')::date + ${days})`;

/** Moves a serial's sequence past the ids given explicitly. */
export const bump = (table: string) =>
  `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`;

export async function fillBook(client: pg.Client, options: FillOptions): Promise<FillResult> {
  const started = performance.now();
  const step = async (what: string, text: string) => {
    const t = performance.now();
    const result = await client.query(text);
    options.log(`  ${what}: ${result.rowCount ?? 0} rows, ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  await client.query(`set work_mem = '256MB'; set synchronous_commit = off`);

  // The system accounts the history touches, and their ids.
  const system = new Map<string, number>();
  for (const [coin, bucket, kind] of SYSTEM) {
    const row = await one<{ id: string }>(
      client,
      `insert into ledger_accounts (owner, coin, bucket, kind) values ('system', '${coin}', '${bucket}', '${kind}')
       on conflict (owner, coin, bucket) do update set kind = excluded.kind returning id`,
    );
    system.set(`${coin}:${bucket}`, Number(row.id));
  }
  const sys = (coin: string, bucket: string) => {
    const id = system.get(`${coin}:${bucket}`);
    if (id === undefined) throw new Error(`no system account ${coin} ${bucket}`);
    return id;
  };

  const plan = await one<{ id: string }>(
    client,
    `select id from staking_plans where coin = 'USDT' and days = 30`,
  );
  const product = await one<{ id: string; rent: string; fee: string }>(
    client,
    `select id, rent::text, service_fee::text as fee from mining_products where key = 'S21'`,
  );
  const rule = await one<{ contract: string; leverage: number; lots: string }>(
    client,
    `select contract_size::text as contract, leverage, min_lots::text as lots from trading_rules where symbol = 'BTCUSDT'`,
  );
  const now = Date.now();
  const yearStart = now - 365 * DAY_MS;
  // Everything happens before `active`, so each stake and rental has ended by now.
  const active = 320 * DAY_MS;
  const { next: accountBase } = await one<{ next: string }>(
    client,
    `select coalesce(max(id), 0) + 1 as next from ledger_accounts`,
  );
  const { next: entryBase } = await one<{ next: string }>(
    client,
    `select coalesce(max(id), 0) + 1 as next from journal_entries`,
  );
  const acct = (slot: number) => `(${accountBase} + (b.u - 1) * 4 + ${slot})`;
  const addr = (u: string) =>
    `(case ${u} when 1 then '${options.deepAddress.toLowerCase()}' when 2 then '${options.youngAddress.toLowerCase()}' else '0x' || lpad(to_hex(${u}), 40, '0') end)`;

  options.log(`filling ${options.users} users`);
  await step(
    'users',
    `insert into users (address, invite_code, inviter, created_at)
     select ${addr('u')}, 'BB' || u, case when u > 2 then ${addr(inviterOf('u'))} end,
       to_timestamp(${yearStart} / 1000.0) - interval '1 day' + u * interval '1 second'
     from generate_series(1, ${options.users}) u
     on conflict (address) do nothing`,
  );
  await step(
    'user accounts',
    `insert into ledger_accounts (id, owner, coin, bucket, kind)
     select ${accountBase} + (u - 1) * 4 + s, ${addr('u')}, (array['USDT','USDT','USDT','BTC'])[s + 1],
       (array['available','frozen','staked','available'])[s + 1], 'user'
     from generate_series(1, ${options.users}) u, generate_series(0, 3) s`,
  );
  await client.query(bump('ledger_accounts'));

  // Blocks: a user's cycles and rentals, each with its time and its first entry id.
  await step(
    'blocks',
    `create temp table blocks as
     with raw as (
       select u, c as n, 'c' as kind, ${CYCLE_SLOTS} as slots,
         ${yearStart} + ((c - 1 + ((u * 0.6180339887) % 1)) * ${active} / cycles)::bigint as t
       from generate_series(1, ${options.users}) u,
         lateral (select case u when 1 then ${DEEP_CYCLES} when 2 then 1 else ${CYCLES} end as cycles) k,
         lateral generate_series(1, k.cycles) c
       union all
       select u, r, 'r', ${RENTAL_SLOTS},
         ${yearStart} + ((r - 1 + ((u * 0.4142135623) % 1)) * ${active} / rentals)::bigint
       from generate_series(1, ${options.users}) u,
         lateral (select case u when 1 then ${DEEP_CYCLES / CYCLES} else 1 end as rentals) k,
         lateral generate_series(1, k.rentals) r
     )
     select u, n, kind, t, ${entryBase} + sum(slots) over (order by t, u, kind, n) - slots as e,
       ((u * 7919 + n * 104729) % 1000) as v
     from raw`,
  );
  await client.query(`analyze blocks`);

  const entries = (
    slot: number,
    type: string,
    key: string,
    reference: string,
    memo: string,
    at: string,
    only = 'true',
  ) =>
    `select b.e + ${slot}, '${type}', ${key}, ${reference}, ${memo}, to_timestamp((${at}) / 1000.0) from blocks b where b.kind = 'c' and ${only}`;
  const t = (hours: number) => `b.t + ${hours * 3_600_000}`;
  const later = (days: number, hours: number) => `b.t + ${days * DAY_MS + hours * 3_600_000}`;
  const quote = `md5('bigbook:quote:' || b.e)::uuid`;
  const txid = (slot: number) => `md5('bigbook:tx:' || (b.e + ${slot}))`;
  // The history goes in without secondary indexes and foreign keys, which are then made again.
  await withoutSecondaryIndexes(client, BULK_TABLES, options.log, async () => {
    await step(
      'journal entries of the cycles',
      `insert into journal_entries (id, type, idempotency_key, reference, memo, created_at)
     ${entries(0, 'deposit', `'deposit:TRC20:' || ${txid(0)}`, `'deposit:' || b.e`, 'null', 'b.t')}
     union all ${entries(1, 'deposit', `'deposit:TRC20:' || ${txid(1)}`, `'deposit:' || (b.e + 1)`, 'null', t(1))}
     union all ${entries(2, 'exchange', `'exchange:' || ${quote}`, `'exchange:' || ${quote}`, 'null', t(2))}
     union all ${entries(3, 'referral_direct', `'exchange:' || ${quote} || ':referral:1'`, `'referral:exchange:' || ${quote}`, 'null', t(2), 'b.u > 2')}
     union all ${entries(4, 'staking', `'stake:' || (b.e + 4) || ':open'`, `'stake:' || (b.e + 4)`, 'null', t(3))}
     union all ${entries(5, 'staking_redemption', `'stake:' || (b.e + 4) || ':principal'`, `'stake:' || (b.e + 4)`, 'null', later(30, 3))}
     union all ${entries(6, 'staking_interest', `'stake:' || (b.e + 4) || ':interest'`, `'stake:' || (b.e + 4)`, 'null', later(30, 3))}
     union all ${entries(7, 'trading_placement', `'order:' || (b.e + 7) || ':place'`, `'order:' || (b.e + 7)`, 'null', t(4))}
     union all ${entries(8, 'trading_settlement', `'order:' || (b.e + 7) || ':close'`, `'order:' || (b.e + 7)`, `'user'`, t(6))}
     union all ${entries(9, 'trading_placement', `'order:' || (b.e + 9) || ':place'`, `'order:' || (b.e + 9)`, 'null', t(5))}
     union all ${entries(10, 'trading_settlement', `'order:' || (b.e + 9) || ':close'`, `'order:' || (b.e + 9)`, `'user'`, t(7))}`,
    );
    await step(
      'journal entries of the rentals',
      `insert into journal_entries (id, type, idempotency_key, reference, memo, created_at)
     select b.e + d, case d when 0 then 'mining_purchase' else 'mining_earnings' end,
       case d when 0 then 'mining:' || b.e || ':open' else 'mining:' || b.e || ':day:' || to_char(${utcDay('d')}, 'YYYY-MM-DD') end,
       'mining:' || b.e, case when d > 0 then to_char(${utcDay('d')}, 'YYYY-MM-DD') end,
       to_timestamp(b.t / 1000.0) + d * interval '1 day'
     from blocks b, generate_series(0, ${RENTAL_DAYS}) d where b.kind = 'r'`,
    );
    await client.query(bump('journal_entries'));

    // Amounts. Exchange: 100 USDT for BTC, a 0.1 % fee in BTC, 20 % of it to the inviter. Stake: 200
    // USDT for 30 days at 12 %. Orders: 100 USDT margin, 1 USDT commission, a profit or loss of
    // 0.5 to 19.5 USDT. Rental: 225 rent + 12 fee, 30 daily earnings of BTC reserved at purchase.
    const receive = `(0.00100000 + b.v * 0.00000001)`;
    const fee = '0.00000100';
    const commission = '0.00000020';
    const interest = '1.972602';
    const profit = (salt: number) => `(((b.v * ${salt}) % 40) - 20 + 0.5)`;
    const earning = `(0.00001200 + b.v * 0.00000001)`;
    const rentTotal = `${product.rent}::numeric + ${product.fee}::numeric`;
    const legs = (rows: string[]) => `(values ${rows.join(', ')}) as l(slot, leg, account, coin, amount)`;
    const leg = (slot: number, n: number, account: string | number, coin: string, amount: string) =>
      `(${slot}, ${n}, ${account}, '${coin}', ${amount})`;
    const u = (slot: keyof typeof SLOT) => acct(SLOT[slot]);
    const settle = (slot: number, p: string) => [
      leg(
        slot,
        0,
        `case when ${p} > 0 then ${sys('USDT', 'trading_margin_pool')} else ${u('frozen')} end`,
        'USDT',
        `-abs(${p})`,
      ),
      leg(
        slot,
        1,
        `case when ${p} > 0 then ${u('frozen')} else ${sys('USDT', 'trading_margin_pool')} end`,
        'USDT',
        `abs(${p})`,
      ),
      leg(slot, 2, u('frozen'), 'USDT', `-(100 + ${p})`),
      leg(slot, 3, u('usdt'), 'USDT', `100 + ${p}`),
    ];
    const place = (slot: number) => [
      leg(slot, 0, u('usdt'), 'USDT', '-101'),
      leg(slot, 1, u('frozen'), 'USDT', '101'),
      leg(slot, 2, u('frozen'), 'USDT', '-1'),
      leg(slot, 3, sys('USDT', 'fee_revenue'), 'USDT', '1'),
    ];
    const inviter = inviterOf('b.u');
    const cycleLegs = legs([
      leg(0, 0, sys('USDT', 'deposits_clearing'), 'USDT', '-(1000 + b.v / 10.0)'),
      leg(0, 1, u('usdt'), 'USDT', '1000 + b.v / 10.0'),
      leg(1, 0, sys('USDT', 'deposits_clearing'), 'USDT', '-500'),
      leg(1, 1, u('usdt'), 'USDT', '500'),
      leg(2, 0, u('usdt'), 'USDT', '-100'),
      leg(2, 1, sys('USDT', 'exchange_inventory'), 'USDT', '100'),
      leg(2, 2, sys('BTC', 'exchange_inventory'), 'BTC', `-${receive}`),
      leg(2, 3, u('btc'), 'BTC', receive),
      leg(2, 4, sys('BTC', 'exchange_inventory'), 'BTC', `-${fee}`),
      leg(2, 5, sys('BTC', 'fee_revenue'), 'BTC', fee),
      leg(3, 0, sys('BTC', 'fee_revenue'), 'BTC', `-${commission}`),
      leg(3, 1, `(${accountBase} + (${inviter} - 1) * 4 + ${SLOT.btc})`, 'BTC', commission),
      leg(4, 0, u('usdt'), 'USDT', '-200'),
      leg(4, 1, u('staked'), 'USDT', '200'),
      leg(4, 2, sys('USDT', 'staking_reward_pool'), 'USDT', `-${interest}`),
      leg(4, 3, sys('USDT', 'staking_reserved'), 'USDT', interest),
      leg(5, 0, u('staked'), 'USDT', '-200'),
      leg(5, 1, u('usdt'), 'USDT', '200'),
      leg(6, 0, sys('USDT', 'staking_reserved'), 'USDT', `-${interest}`),
      leg(6, 1, u('usdt'), 'USDT', interest),
      ...place(7),
      ...settle(8, profit(3)),
      ...place(9),
      ...settle(10, profit(7)),
    ]);
    // The referral entry (slot 3) exists only for a user with an inviter, as its rows below.
    await step(
      'postings of the cycles',
      `insert into postings (id, entry_id, account_id, coin, amount)
     select (b.e + l.slot) * ${LEGS} + l.leg, b.e + l.slot, l.account, l.coin, l.amount
     from blocks b cross join lateral ${cycleLegs}
     where b.kind = 'c' and (l.slot <> 3 or b.u > 2)`,
    );
    const rentalLegs = legs([
      leg(0, 0, u('usdt'), 'USDT', `-(${rentTotal})`),
      leg(0, 1, sys('USDT', 'mining_revenue'), 'USDT', rentTotal),
      leg(0, 2, sys('USDT', 'mining_revenue'), 'USDT', `-${product.fee}`),
      leg(0, 3, sys('USDT', 'fee_revenue'), 'USDT', product.fee),
      leg(0, 4, sys('BTC', 'mining_output_pool'), 'BTC', `-${earning} * ${RENTAL_DAYS}`),
      leg(0, 5, sys('BTC', 'mining_reserved'), 'BTC', `${earning} * ${RENTAL_DAYS}`),
      leg(1, 0, sys('BTC', 'mining_reserved'), 'BTC', `-${earning}`),
      leg(1, 1, u('btc'), 'BTC', earning),
    ]);
    await step(
      'postings of the rentals',
      `insert into postings (id, entry_id, account_id, coin, amount)
     select (b.e + d) * ${LEGS} + l.leg, b.e + d, l.account, l.coin, l.amount
     from blocks b cross join generate_series(0, ${RENTAL_DAYS}) d
       cross join lateral ${rentalLegs}
     where b.kind = 'r' and l.slot = least(d, 1)`,
    );
    await client.query(bump('postings'));

    await fillRows(client, {
      plan: plan.id,
      product: product.id,
      rule,
      addr,
      receive,
      fee,
      commission,
      interest,
      profit,
      earning,
      rentTotal,
      serviceFee: product.fee,
      step,
    });
  });

  // The pools paid out what the history took from them: the operator funded that first.
  await step(
    'pool funding',
    `with need as (
       select a.id, a.coin, -sum(p.amount) + 1 as amount from ledger_accounts a join postings p on p.account_id = a.id
       where a.owner = 'system' and a.kind = 'pool' group by a.id, a.coin having sum(p.amount) < 0
     ), entry as (
       insert into journal_entries (type, idempotency_key, reference, memo, created_at)
       select 'pool_funding', 'bigbook:funding:' || id, 'bigbook:funding', 'big book', to_timestamp(${yearStart - DAY_MS} / 1000.0)
       from need returning id, idempotency_key
     )
     insert into postings (entry_id, account_id, coin, amount)
     select entry.id, x.account, need.coin, x.amount from need
     join entry on entry.idempotency_key = 'bigbook:funding:' || need.id
     cross join lateral (values (need.id, need.amount),
       (case need.coin when 'BTC' then ${sys('BTC', 'operator_funding')} else ${sys('USDT', 'operator_funding')} end, -need.amount)) x(account, amount)`,
  );
  await step(
    'balances',
    `update ledger_accounts a set balance = s.total
     from (select account_id, sum(amount) as total from postings group by account_id) s
     where s.account_id = a.id and a.balance <> s.total`,
  );
  await fillCandles(options, step);
  // As autovacuum leaves a table that has settled: statistics, hint bits and the visibility map.
  await step('vacuum analyze', 'vacuum analyze');
  const counts = await one<{ entries: string; postings: string; candles: string }>(
    client,
    `select (select count(*) from journal_entries) as entries, (select count(*) from postings) as postings,
       (select count(*) from candles_1m) as candles`,
  );
  await client.query('drop table blocks');
  return {
    entries: Number(counts.entries),
    postings: Number(counts.postings),
    candles: Number(counts.candles),
    ms: performance.now() - started,
  };
}
