/**
 * The big book's business rows (bench/big-book-fill.ts): the deposits, exchanges, referral
 * rewards, stakes, orders, mining holdings and daily income whose entries the fill posted, with
 * the ids those entries' references name; and the instruments' 1-minute candles.
 */
import type pg from 'pg';
import { DEMO_INSTRUMENTS, DEMO_SIMULATION } from '../server/modules/markets/instruments.ts';
import { bump, DAY_MS, type FillOptions, inviterOf, RENTAL_DAYS, utcDay } from './big-book-fill.ts';

export interface RowContext {
  plan: string;
  product: string;
  rule: { contract: string; leverage: number; lots: string };
  addr: (u: string) => string;
  receive: string;
  fee: string;
  commission: string;
  interest: string;
  profit: (salt: number) => string;
  earning: string;
  rentTotal: string;
  serviceFee: string;
  step: (what: string, text: string) => Promise<void>;
}

/** The business rows each entry settles, with the ids the entries' references name. */
export async function fillRows(client: pg.Client, x: RowContext): Promise<void> {
  const ts = (at: string) => `to_timestamp((${at}) / 1000.0)`;
  const user = x.addr('b.u');
  await x.step(
    'deposits',
    `insert into deposits (id, "user", coin, chain, amount, txid, status, log_index, confirmations, entry_id, detected_at, credited_at)
     select b.e + s, ${user}, 'USDT', 'TRC20', case s when 0 then 1000 + b.v / 10.0 else 500 end,
       md5('bigbook:tx:' || (b.e + s)), 'credited', -1, 20, b.e + s, ${ts('b.t + s * 3600000')}, ${ts('b.t + s * 3600000')}
     from blocks b, generate_series(0, 1) s where b.kind = 'c'`,
  );
  await x.step(
    'exchanges',
    `insert into exchanges (id, "user", from_coin, to_coin, amount, price, base_coin, quote_coin, gross, fee, receive, quote_id, entry_id, created_at)
     select b.e + 2, ${user}, 'USDT', 'BTC', 100, round(100 / (${x.receive} + ${x.fee}), 2), 'BTC', 'USDT',
       ${x.receive} + ${x.fee}, ${x.fee}, ${x.receive}, md5('bigbook:quote:' || b.e)::uuid, b.e + 2, ${ts('b.t + 7200000')}
     from blocks b where b.kind = 'c'`,
  );
  await x.step(
    'referral rewards',
    `insert into referral_rewards (beneficiary, invitee, level, coin, amount, source, entry_id, created_at)
     select ${x.addr(inviterOf('b.u'))}, ${user}, 1, 'BTC', ${x.commission},
       'exchange:' || md5('bigbook:quote:' || b.e)::uuid, b.e + 3, ${ts('b.t + 7200000')}
     from blocks b where b.kind = 'c' and b.u > 2`,
  );
  await x.step(
    'stakes',
    `insert into stakes (id, "user", plan_id, coin, amount, days, apr, interest, early_redemption, status, earned, early, staked_at, matures_at, redeemed_at)
     select b.e + 4, ${user}, ${x.plan}, 'USDT', 200, 30, 12, ${x.interest}, false, 'redeemed', ${x.interest}, false,
       ${ts('b.t + 3 * 3600000')}, ${ts(`b.t + ${30 * DAY_MS} + 3 * 3600000`)}, ${ts(`b.t + ${30 * DAY_MS} + 3 * 3600000`)}
     from blocks b where b.kind = 'c'`,
  );
  const price = (salt: number) => `(60000 + ((b.v * ${salt}) % 5000))`;
  await x.step(
    'orders',
    `insert into orders (id, "user", symbol, side, kind, lots, status, contract_size, leverage, quote_currency, margin, commission,
       open_price, close_price, profit, close_reason, created_at, filled_at, closed_at)
     select b.e + o.slot, ${user}, 'BTCUSDT', case when o.salt = 3 then 'buy' else 'sell' end, 'market', ${x.rule.lots}, 'closed',
       ${x.rule.contract}, ${x.rule.leverage}, 'USDT', 100, 1, ${price(11)}, ${price(11)} + ${x.profit(3)}, o.profit, 'user',
       ${ts('b.t + o.at * 3600000')}, ${ts('b.t + o.at * 3600000')}, ${ts('b.t + (o.at + 2) * 3600000')}
     from blocks b cross join lateral (values (7, 3, 4, ${x.profit(3)}), (9, 7, 5, ${x.profit(7)})) o(slot, salt, at, profit)
     where b.kind = 'c'`,
  );
  await x.step(
    'mining holdings',
    `insert into mining_holdings (id, "user", product_id, coin, joint, units, "of", hashrate, boost, cycle_days, paid, service_fee,
       reserved, reserve_left, earned, days_paid, first_day, status, created_at, expired_at)
     select b.e, ${user}, ${x.product}, 'BTC', false, 1, 1, 200, 0, ${RENTAL_DAYS}, ${x.rentTotal}, ${x.serviceFee},
       ${x.earning} * ${RENTAL_DAYS}, 0, ${x.earning} * ${RENTAL_DAYS}, ${RENTAL_DAYS},
       ${utcDay('1')}, 'expired', ${ts('b.t')}, ${ts(`b.t + ${(RENTAL_DAYS + 1) * DAY_MS}`)}
     from blocks b where b.kind = 'r'`,
  );
  await x.step(
    'mining income',
    `insert into mining_income (holding_id, "user", coin, day, amount, source, created_at)
     select b.e, ${user}, 'BTC', ${utcDay('d')}, ${x.earning}, 'declared',
       to_timestamp(b.t / 1000.0) + d * interval '1 day'
     from blocks b, generate_series(1, ${RENTAL_DAYS}) d where b.kind = 'r'`,
  );
  await client.query(bump('deposits'));
  for (const table of ['exchanges', 'stakes', 'orders', 'mining_holdings']) await client.query(bump(table));
}

/** 1-minute candles of the demo instruments, the last `candleMinutes` minutes. */
export async function fillCandles(
  options: FillOptions,
  step: (what: string, text: string) => Promise<void>,
): Promise<void> {
  const minute = 60_000;
  const end = Math.floor(Date.now() / minute) * minute - 60 * minute;
  const start = end - (options.candleMinutes - 1) * minute;
  const prices = DEMO_INSTRUMENTS.map(
    (i) => `('${i.symbol}', ${DEMO_SIMULATION[i.symbol]?.startPrice ?? 1}::numeric, ${i.precision})`,
  ).join(', ');
  // A smooth walk: slow and fast waves around the instrument's start price.
  const mid = `(i.price * (1 + 0.05 * sin(g / 10000.0 + i.k) + 0.004 * sin(g / 37.0))::numeric)`;
  await step(
    '1-minute candles',
    `insert into candles_1m (symbol, time, open, high, low, close, volume)
     select i.symbol, ${start} + g::bigint * ${minute}, round(${mid}, i.digits), round(${mid} * 1.0008, i.digits),
       round(${mid} * 0.9992, i.digits), round(${mid} * 1.0001, i.digits), 1 + (g % 97)
     from (select *, row_number() over () as k from (values ${prices}) v(symbol, price, digits)) i,
       generate_series(0, ${options.candleMinutes - 1}) g
     on conflict do nothing`,
  );
}
