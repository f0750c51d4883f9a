/**
 * The real system the trading model is compared with: a fresh database (PGlite or PostgreSQL)
 * with the demo seed, the real app over a price source the run pins, users signed in with real
 * keys and funded through the admin CLI's deposit, the trigger engine run as the job runs it, and
 * the state read back from the ledger and the orders table.
 *
 * With `processes: 2` (PostgreSQL) a second server, `node server/main.ts` in a process of its own on
 * the same database, takes every other call, and its own trigger job races the run's: pins reach it
 * through the database (`markets pin`), and a tick waits until it quotes the new price. It trades
 * crypto only (open every day: its clock is the run's, and forex may be closed), never a closed market.
 */

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ApiCode } from '../../protocol/codes.ts';
import type { AnswerOf } from '../../protocol/contract.ts';
import { errorNameForCode } from '../../protocol/errors.ts';
import { runAdminCommand } from '../../server/admin/runner.ts';
import { asFirstSetup } from '../../server/admin/two-person.ts';
import type { Database } from '../../server/db/client.ts';
import { ledgerAccounts } from '../../server/ledger/ledger.schema.ts';
import { SYSTEM_OWNER } from '../../server/ledger/ledger.ts';
import { MarketEngine } from '../../server/modules/markets/engine.ts';
import { pricesAt } from '../../server/modules/trading/prices.ts';
import { runTriggers } from '../../server/modules/trading/trading.job.ts';
import { orders } from '../../server/modules/trading/trading.schema.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { buildTestApp, caller } from '../helpers/app.ts';
import { type ControlledSource, createControlledSource } from '../helpers/controlled-prices.ts';
import type { DatabaseTarget } from '../helpers/databases.ts';
import { freshKey, signIn } from '../helpers/login.ts';
import { type ReservationMismatch, reservationMismatches } from '../helpers/reservations.ts';
import {
  exited,
  formClient,
  type ServerProcess,
  startServer,
  TEST_SERVER_ENV,
} from '../helpers/server-process.ts';
import { parse } from './fixed.ts';

export type OrderRow = typeof orders.$inferSelect;

export interface TradingSystem {
  database: Database;
  source: ControlledSource;
  users: { address: string; cookie: string }[];
  /** A call as a user: the answer's machine name ('ok' for 00000) and its data. */
  call<C extends ApiCode>(
    user: number,
    code: C,
    body: Record<string, string>,
  ): Promise<{ answer: string; data: AnswerOf<C> | null }>;
  admin(...argv: string[]): Promise<{ ok: boolean; text: string }>;
  /** Sets a symbol's price everywhere the calls go; resolves once every process quotes it. */
  price(symbol: string, bid: string, ask: string, open: boolean): Promise<void>;
  triggers(): Promise<{ failed: number }>;
  /** USDT balances: each user's available and frozen, the trading pool and fee revenue. */
  balances(): Promise<Map<string, string>>;
  orders(ids: number[]): Promise<OrderRow[]>;
  /** Frozen and staked balances that differ from what the open reservations say. */
  reservations(): Promise<ReservationMismatch[]>;
  close(): Promise<void>;
}

/** How long a second process may take to quote a pinned price (it reloads pins every second). */
const PIN_SEEN_MS = 10_000;

/** Resolves once the server at `url` quotes `symbol` at `bid` / `ask`. */
async function quoted(url: string, symbol: string, bid: string, ask: string): Promise<void> {
  const call = formClient(url);
  const until = Date.now() + PIN_SEEN_MS;
  for (;;) {
    const answer = await call('10071', { symbol });
    if (answer.respCode !== '00000')
      throw new Error(`the second process answered ${answer.respCode} to 10071`);
    const quote = answer.data;
    if (quote?.quote && parse(quote.quote.bid) === parse(bid) && parse(quote.quote.ask) === parse(ask))
      return;
    if (Date.now() > until)
      throw new Error(
        `the second process never quoted ${symbol} ${bid}/${ask} (it quotes ${JSON.stringify(quote?.quote)})`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startTradingSystem(
  target: DatabaseTarget,
  funds: readonly string[],
  { processes = 1 }: { processes?: 1 | 2 } = {},
): Promise<TradingSystem> {
  const { database, dispose, url } = await target.create();
  await seedDemo(database);
  let second: (ServerProcess & { dir: string }) | null = null;
  if (processes === 2) {
    if (!url) throw new Error(`a second process needs a database it can share, not ${target.name}`);
    const dir = mkdtempSync(path.join(tmpdir(), 'meridian-model-'));
    // Seeded above; it inherits this process's clock offset (process.env), so both agree on time.
    // The run's calls and its polling of quotes all come from one address and four wallets.
    const limits = { RATE_LIMIT_PER_IP: '1000000', RATE_LIMIT_PER_WALLET: '1000000' };
    second = {
      dir,
      ...(await startServer({
        ...TEST_SERVER_ENV,
        ...limits,
        DATA_DIR: dir,
        DATABASE_URL: url,
        DEMO_SEED: 'false',
      })),
    };
  }
  const source = createControlledSource();
  const engine = new MarketEngine({ database, source });
  const { app } = (await buildTestApp(database, { markets: engine })) as { app: FastifyInstance };
  const admin = async (...argv: string[]) =>
    runAdminCommand(
      { argv: asFirstSetup([...argv, '--reason', 'model']), actor: 'model' },
      { database, via: 'direct' },
    );
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
  const answerOf = (respCode: string) =>
    respCode === '00000' ? 'ok' : (errorNameForCode(respCode) ?? respCode);
  let calls = 0;
  return {
    database,
    source,
    users,
    admin,
    async call(user, code, body) {
      const who = users[user];
      if (!who) throw new Error(`no user ${user}`);
      calls += 1;
      // Every other call to the second process, in a fixed order, so that a replay is the same run.
      if (second && calls % 2 === 0) {
        const answer = await formClient(second.url, { cookie: who.cookie })(code, body);
        return { answer: answerOf(answer.respCode), data: answer.data };
      }
      const answer = await caller(app, { cookie: who.cookie })(code, body);
      return { answer: answerOf(answer.respCode), data: answer.data };
    },
    async price(symbol, bid, ask, open) {
      // The second process first: once it quotes the new price, this one moves too. The other way
      // round, its job could settle at the old price what this one's run had just filled at the
      // new one (a take profit the old price was past), which no single deployment does.
      if (second) {
        if (!open) throw new Error('a second process cannot be shown a closed market');
        const pinned = await admin('markets', 'pin', symbol, '--bid', bid, '--ask', ask, '--minutes', '1440');
        if (!pinned.ok) throw new Error(pinned.text);
        await quoted(second.url, symbol, bid, ask);
      }
      source.pin(symbol, bid, ask, open);
    },
    async triggers() {
      let failed = 0;
      // Until nothing more is due, as the job's runs once a second would: a position a gap filled
      // beyond its stop loss closes on the run after its fill. The second process's job may hold
      // the engine's lock: its run settles what is due at the same prices, and this one, once the
      // lock is free, whatever is left.
      for (;;) {
        const run = await runTriggers(database, await pricesAt(engine, Date.now()), Date.now(), () => {
          failed += 1;
        });
        if (failed > 0) return { failed };
        if (run.ran && run.filled + run.closed + run.cancelled === 0) return { failed };
        if (!run.ran) await new Promise((resolve) => setTimeout(resolve, 20));
      }
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
      if (second) {
        second.child.kill('SIGTERM');
        await exited(second.child);
        rmSync(second.dir, { recursive: true, force: true });
      }
      await app.close();
      await dispose();
    },
  };
}
