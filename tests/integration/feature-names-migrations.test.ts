/**
 * The data migrations of issue #37 (one name per feature), run on databases that hold data written
 * before them: 0025, the trading feature's ledger entry types were `forex_*`, and a database that
 * booked them under the old names reads them under the new ones after the upgrade, no other entry
 * changing; 0026, alerts and the proof of solvency get switches of their own, set as they were.
 */
import { readdirSync, rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, test } from 'vitest';
import { MIGRATIONS, migrationsBefore } from '../helpers/migrations.ts';

const RENAMING = 25;
const SWITCHES = 26;

const before = migrationsBefore(RENAMING);
const beforeSwitches = migrationsBefore(SWITCHES);
afterAll(() => {
  rmSync(before, { recursive: true, force: true });
  rmSync(beforeSwitches, { recursive: true, force: true });
});

test('forex_* entries become trading_* entries, and nothing else moves', async () => {
  expect(readdirSync(MIGRATIONS)).toContain('0025_trading_entry_types.sql');
  const client = new PGlite();
  try {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before });
    const old = ['forex_placement', 'forex_settlement', 'forex_cancellation', 'forex_margin_change'];
    const others = ['deposit', 'exchange', 'staking', 'forex_unknown'];
    for (const [i, type] of [...old, ...others].entries()) {
      await client.query(
        `insert into journal_entries (type, idempotency_key, reference) values ($1, $2, $3)`,
        [type, `key:${i}`, `order:${i}`],
      );
    }
    await migrate(db, { migrationsFolder: MIGRATIONS });
    const rows = await client.query<{ type: string; idempotency_key: string; reference: string }>(
      'select type, idempotency_key, reference from journal_entries order by id',
    );
    expect(rows.rows.map((r) => r.type)).toEqual([
      'trading_placement',
      'trading_settlement',
      'trading_cancellation',
      'trading_margin_change',
      ...others,
    ]);
    expect(rows.rows.map((r) => r.idempotency_key)).toEqual([...old, ...others].map((_, i) => `key:${i}`));
  } finally {
    await client.close();
  }
});

test('alerts start switched as markets was, the proof of solvency starts open', async () => {
  for (const markets of [true, false]) {
    const client = new PGlite();
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: beforeSwitches });
      await client.query(`insert into settings (key, value) values ('features', $1)`, [
        JSON.stringify({ markets, trading: true, news: false }),
      ]);
      await migrate(db, { migrationsFolder: MIGRATIONS });
      const rows = await client.query<{ value: Record<string, boolean> }>(
        `select value from settings where key = 'features'`,
      );
      expect(rows.rows[0]?.value).toEqual({
        markets,
        trading: true,
        news: false,
        alerts: markets,
        solvency: true,
      });
    } finally {
      await client.close();
    }
  }
});
