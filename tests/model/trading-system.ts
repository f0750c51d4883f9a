/**
 * The real system the trading model is compared with: a fresh database (PGlite or PostgreSQL)
 * with the demo seed, the real app over a price source the run pins, users signed in with real
 * keys and funded through the admin CLI's deposit, the trigger engine run as the job runs it, and
 * the state read back from the ledger and the orders table.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Envelope } from '../../protocol/envelope.ts';
import { ERRORS, type ErrorName } from '../../protocol/errors.ts';
import { runAdminCommand } from '../../server/admin/runner.ts';
import type { Database } from '../../server/db/client.ts';
import { ledgerAccounts } from '../../server/ledger/ledger.schema.ts';
import { SYSTEM_OWNER } from '../../server/ledger/ledger.ts';
import { MarketEngine } from '../../server/modules/markets/engine.ts';
import { pricesAt } from '../../server/modules/trading/prices.ts';
import { runTriggers } from '../../server/modules/trading/trading.job.ts';
import { orders } from '../../server/modules/trading/trading.schema.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { buildTestApp, post } from '../helpers/app.ts';
import { type ControlledSource, createControlledSource } from '../helpers/controlled-prices.ts';
import type { DatabaseTarget } from '../helpers/databases.ts';
import { signIn } from '../helpers/login.ts';
import { type ReservationMismatch, reservationMismatches } from '../helpers/reservations.ts';

export type OrderRow = typeof orders.$inferSelect;

const CODE_NAMES = new Map<string, ErrorName>(
  Object.entries(ERRORS).map(([name, e]) => [e.code, name as ErrorName]),
);

export interface TradingSystem {
  database: Database;
  source: ControlledSource;
  users: { address: string; cookie: string }[];
  /** A call as a user: the answer's machine name ('ok' for 00000) and its data. */
  call(user: number, code: string, body: Record<string, string>): Promise<{ answer: string; data: unknown }>;
  admin(...argv: string[]): Promise<{ ok: boolean; text: string }>;
  triggers(): Promise<{ failed: number }>;
  /** USDT balances: each user's available and frozen, the trading pool and fee revenue. */
  balances(): Promise<Map<string, string>>;
  orders(ids: number[]): Promise<OrderRow[]>;
  /** Frozen and staked balances that differ from what the open reservations say. */
  reservations(): Promise<ReservationMismatch[]>;
  close(): Promise<void>;
}

const freshKey = () =>
  `0x${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}` as `0x${string}`;

export async function startTradingSystem(
  target: DatabaseTarget,
  funds: readonly string[],
): Promise<TradingSystem> {
  const { database, dispose } = await target.create();
  await seedDemo(database);
  const source = createControlledSource();
  const engine = new MarketEngine({ database, source });
  const { app } = (await buildTestApp(database, { markets: engine })) as { app: FastifyInstance };
  const admin = async (...argv: string[]) =>
    runAdminCommand({ argv: [...argv, '--reason', 'model'], actor: 'model' }, { database, via: 'direct' });
  const users: TradingSystem['users'] = [];
  for (const amount of funds) {
    const signed = await signIn(app, freshKey());
    const address = signed.account.address.toLowerCase();
    const deposit = await admin(
      ...['deposit', '--address', address, '--coin', 'USDT', '--chain', 'TRC20', '--amount', amount],
      ...['--txid', randomUUID().replaceAll('-', '')],
    );
    if (!deposit.ok) throw new Error(deposit.text);
    users.push({ address, cookie: `${signed.cookieHeader}; lang=en` });
  }
  return {
    database,
    source,
    users,
    admin,
    async call(user, code, body) {
      const who = users[user];
      if (!who) throw new Error(`no user ${user}`);
      const { envelope } = await post(app, code, body, { cookie: who.cookie });
      const e = envelope as Envelope<unknown>;
      return {
        answer: e.respCode === '00000' ? 'ok' : (CODE_NAMES.get(e.respCode) ?? e.respCode),
        data: e.data,
      };
    },
    async triggers() {
      let failed = 0;
      await runTriggers(database, await pricesAt(engine, Date.now()), Date.now(), () => {
        failed += 1;
      });
      return { failed };
    },
    async balances() {
      const owners = [...users.map((u) => u.address), SYSTEM_OWNER];
      const rows = await database.db
        .select({
          owner: ledgerAccounts.owner,
          bucket: ledgerAccounts.bucket,
          balance: ledgerAccounts.balance,
        })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.coin, 'USDT'), inArray(ledgerAccounts.owner, owners)));
      return new Map(rows.map((r) => [`${r.owner}:${r.bucket}`, r.balance]));
    },
    async orders(ids) {
      if (ids.length === 0) return [];
      return database.db.select().from(orders).where(inArray(orders.id, ids));
    },
    reservations() {
      // drizzle's execute answers { rows } on both drivers; its declared type differs per driver.
      return reservationMismatches(
        (text) => database.db.execute(sql.raw(text)) as Promise<{ rows: unknown[] }>,
      );
    },
    async close() {
      await app.close();
      await dispose();
    },
  };
}
