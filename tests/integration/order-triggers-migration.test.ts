/**
 * Migration 0038 (the price each active order waits for, as generated columns) on a database that
 * already holds orders: the columns are derived for every existing row, an order no longer active
 * has none, and an open position's stop-out rate starts at 0, so the trigger engine judges it on its
 * first run (tests/integration/trading-due-search.test.ts) before it stores one.
 */
import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, test } from 'vitest';
import { MIGRATIONS, migrationsBefore } from '../helpers/migrations.ts';

const before = migrationsBefore(38);
afterAll(() => rmSync(before, { recursive: true, force: true }));

test('orders stored before 0038 get the price they wait for, and open positions a stop-out rate of 0', async () => {
  const client = new PGlite();
  try {
    await migrate(drizzle({ client }), { migrationsFolder: before });
    // kind, side, status, price, stop loss, take profit, open price
    const rows = [
      ['market', 'buy', 'open', null, '90000', '99000', '95000'],
      ['market', 'sell', 'open', null, '99000', '90000', '95000'],
      ['buy_limit', 'buy', 'pending', '94000', null, null, null],
      ['sell_stop', 'sell', 'pending', '93000', null, null, null],
      ['buy_stop', 'buy', 'pending', '97000', null, null, null],
      ['market', 'buy', 'closed', null, '90000', '99000', '95000'],
    ];
    for (const [kind, side, status, price, sl, tp, open] of rows)
      await client.query(
        `insert into orders ("user", symbol, side, kind, lots, price, stop_loss, take_profit, status,
           contract_size, leverage, quote_currency, margin, commission, open_price, created_at)
         values ('0x00000000000000000000000000000000000000aa', 'BTCUSDT', $1, $2, '0.01', $3, $4, $5, $6,
           '1', 10, 'USDT', '95', '0.1', $7, now())`,
        [side, kind, price, sl, tp, status, open],
      );
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS });
    const { rows: after } = await client.query<{
      kind: string;
      status: string;
      watch: string | null;
      low: string | null;
      high: string | null;
      rate: string;
    }>(
      `select kind, status, watch, trigger_low::float8::text as low, trigger_high::float8::text as high,
              stop_out_rate::float8::text as rate
         from orders order by id`,
    );
    expect(after).toEqual([
      // No stop-out level while the rate is 0: the stop loss alone, until the engine stores one.
      { kind: 'market', status: 'open', watch: 'bid', low: '90000', high: '99000', rate: '0' },
      { kind: 'market', status: 'open', watch: 'ask', low: '90000', high: '99000', rate: '0' },
      { kind: 'buy_limit', status: 'pending', watch: 'ask', low: '94000', high: null, rate: '0' },
      { kind: 'sell_stop', status: 'pending', watch: 'bid', low: '93000', high: null, rate: '0' },
      { kind: 'buy_stop', status: 'pending', watch: 'ask', low: null, high: '97000', rate: '0' },
      { kind: 'market', status: 'closed', watch: null, low: null, high: null, rate: '0' },
    ]);
    // With a rate stored, a buy's level is the higher of its stop loss and its stop-out price:
    // 95,000 - 95 x 0.79 / (0.01 x 1 x 1.01) = 87,569.3 (below the stop loss), and with no stop
    // loss the stop-out price itself.
    await client.query(`update orders set stop_out_rate = 1.01, stop_loss = null where id = 1`);
    const { rows: level } = await client.query<{ low: string }>(
      'select round(trigger_low, 1)::text as low from orders where id = 1',
    );
    expect(level[0]?.low).toBe('87569.3');
  } finally {
    await client.close();
  }
}, 60_000);
