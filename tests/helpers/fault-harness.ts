/**
 * The harness of tests/integration/fault-points.test.ts: a fresh PostgreSQL database with a server
 * that seeds it and takes the users' calls, copies of it made once the set-up is done, processes
 * started with a fault point armed (server/faults.ts) and how they ended, and the books checked
 * after every kill.
 *
 * Admin commands the test gives between kills (deposits, funding, `audit`) run in the test's own
 * process, through the same runner and commands as the CLI, on a connection of its own: a hundred
 * CLI start-ups at a second of CPU each would be most of the test's time on two busy cores. The
 * processes that are killed, and the last audit, are the real CLI and server.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import type { ApiCode } from '../../protocol/codes.ts';
import type { AnswerOf } from '../../protocol/contract.ts';
import { type AdminResult, runAdminCommand } from '../../server/admin/runner.ts';
import { asFirstSetup } from '../../server/admin/two-person.ts';
import { CLOCK_OFFSET_VARIABLE, unshiftedDate } from '../../server/clock.ts';
import { type Database, openDatabase } from '../../server/db/client.ts';
import { FAULT_AFTER_VARIABLE, FAULT_POINT_VARIABLE, type FaultPoint } from '../../server/faults.ts';
import { openMarketsClockEnv } from './market-clock.ts';
import { reservationMismatches } from './reservations.ts';
import {
  adminCli,
  exited,
  type FormCall,
  formClient,
  postgresTarget,
  ROOT,
  type ServerProcess,
  type ServerTarget,
  signInOver,
  startServer,
} from './server-process.ts';

export const DAY = 86_400_000;

export interface World {
  target: ServerTarget;
  /** Every server's and CLI's environment here: one clock, at a moment all markets are open. */
  env: Record<string, string>;
  /** The running server of the set-up and of the last run, if any. */
  server: ServerProcess | null;
  /** The test's own connection, for the checks. */
  sql: pg.Client;
  /** The test's own Database, for admin commands run in this process. */
  database: Database;
  /** What the processes' clocks read now (ms). */
  now(): number;
  /** When its set-up began (the wall clock, ms): the set-up's time is logged. */
  opened: number;
}

/** The simulated feed's seed in every process here, so the test can compute the unpinned prices. */
export const PRICE_SEED = 'fault-points';

async function connect(
  target: ServerTarget,
  env: Record<string, string>,
  from: Omit<World, 'target' | 'env' | 'server' | 'sql' | 'database'>,
): Promise<World> {
  const url = target.env.DATABASE_URL ?? '';
  const database = await openDatabase({ databaseUrl: url, pgliteDir: null });
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  return { ...from, target, env, server: null, sql, database };
}

/** A database seeded with the demo by a server that keeps running for the set-up. */
export async function openWorld(): Promise<World> {
  const opened = Date.now();
  const target = await postgresTarget();
  const clock = openMarketsClockEnv();
  const offset = Number(clock[CLOCK_OFFSET_VARIABLE]);
  const env: Record<string, string> = {
    ...target.env,
    ...clock,
    PUBLIC_URL: 'http://meridian.test',
    PRICE_SEED,
    RATE_LIMIT_PER_IP: '1000000',
    RATE_LIMIT_PER_WALLET: '1000000',
    // Some hundred processes start from the same sources: V8's compiled code, kept, saves a fifth
    // of each start's CPU on cores the test shares.
    NODE_COMPILE_CACHE: path.join(target.env.DATA_DIR ?? tmpdir(), 'compile-cache'),
  };
  const server = await startServer(env);
  const world = await connect(target, env, { now: () => unshiftedDate().now() + offset, opened });
  world.server = server;
  return world;
}

/**
 * A copy of `template`'s database with the same clock, and no server. The template is closed
 * first (a database is copied only when no one is connected to it) and stays to be copied again.
 */
export async function copyWorld(template: World): Promise<World> {
  await stopServer(template);
  await disconnect(template);
  const name = new URL(template.target.env.DATABASE_URL ?? '').pathname.slice(1);
  const target = await postgresTarget(name);
  const env = {
    ...template.env,
    DATA_DIR: target.env.DATA_DIR ?? '',
    DATABASE_URL: target.env.DATABASE_URL ?? '',
  };
  return connect(target, env, { now: template.now, opened: template.opened });
}

const disconnected = new WeakSet<World>();

/** Closes the test's own connections to the world's database, once. */
async function disconnect(world: World): Promise<void> {
  if (disconnected.has(world)) return;
  disconnected.add(world);
  await world.sql.end().catch(() => undefined);
  await world.database.close().catch(() => undefined);
}

export async function closeWorld(world: World | undefined): Promise<void> {
  if (!world) return;
  world.server?.child.kill('SIGKILL');
  await disconnect(world);
  await world.target.cleanup();
}

/** Stops the set-up's server as a deploy does (SIGTERM), so that no job of its runs beside the kills. */
export async function stopServer(world: World): Promise<void> {
  const server = world.server;
  if (!server) return;
  world.server = null;
  server.child.kill('SIGTERM');
  await exited(server.child);
}

/** An admin command in this process (see above); throws when it fails. */
export async function admin(world: World, ...argv: string[]): Promise<AdminResult> {
  const result = await runAdminCommand(
    { argv: asFirstSetup([...argv, '--reason', 'fault points test']), actor: 'fault-points' },
    { database: world.database, via: 'direct' },
  );
  await result.background;
  if (!result.ok) throw new Error(`admin ${argv.join(' ')}: ${result.text}`);
  return result;
}

export interface User {
  address: string;
  call: FormCall;
}

/** `count` signed-in users, each credited `usdt` USDT by a deposit. */
export async function usersWith(world: World, count: number, usdt: string): Promise<User[]> {
  const url = world.server?.url;
  if (!url) throw new Error('users sign in through the set-up server');
  const users: User[] = [];
  for (let i = 0; i < count; i += 1) {
    const call = formClient(url);
    const key = `0x${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}` as const;
    const address = await signInOver(call, key);
    await admin(
      world,
      ...['deposit', '--address', address, '--coin', 'USDT', '--chain', 'TRC20', '--amount', usdt],
      ...['--txid', randomUUID().replaceAll('-', '')],
    );
    users.push({ address, call });
  }
  return users;
}

/** Answers a product call's data, or throws with its code. */
export async function ok<C extends ApiCode>(
  call: FormCall,
  code: C,
  fields: Record<string, string>,
): Promise<AnswerOf<C>> {
  const answer = await call(code, fields);
  if (answer.respCode !== '00000' || answer.data === null)
    throw new Error(`${code} ${JSON.stringify(fields)} answered ${answer.respCode}`);
  return answer.data;
}

export interface Fault {
  point: FaultPoint;
  after: number;
}

export interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The last of what the process wrote, for a failure's message. */
  output: string;
}

export interface Launched {
  child: ChildProcess;
  ended: Promise<Ended>;
}

/** `node <args>` in the repository with this world's environment and, when given, a fault armed. */
export function launch(world: World, args: string[], fault: Fault | null): Launched {
  const env: NodeJS.ProcessEnv = { ...process.env, ...world.env };
  delete env[FAULT_POINT_VARIABLE];
  delete env[FAULT_AFTER_VARIABLE];
  if (fault) {
    env[FAULT_POINT_VARIABLE] = fault.point;
    env[FAULT_AFTER_VARIABLE] = String(fault.after);
  }
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + String(chunk)).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const ended = new Promise<Ended>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal, output })),
  );
  return { child, ended };
}

/** The admin CLI with a fault armed (or none), as the operator runs it: the CLI opens the database. */
export function cliRun(world: World, argv: string[], fault: Fault | null): Promise<Ended> {
  return launch(world, ['server/admin/cli.ts', ...asFirstSetup(argv), '--json'], fault).ended;
}

/**
 * Until PostgreSQL has let go of a killed process: its backends gone, and with them the job's
 * advisory lock, which the next run would otherwise find taken and do nothing.
 */
export async function released(world: World): Promise<void> {
  const until = Date.now() + 20_000;
  for (;;) {
    const [held] = await rows<{ n: number }>(
      world,
      `select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
        where l.locktype = 'advisory' and l.granted and d.datname = current_database()`,
    );
    if (held?.n === 0) return;
    if (Date.now() > until) throw new Error('a killed process still holds an advisory lock');
    await sleep(50);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The audit is clean and every reservation is held, read now (`when` names the moment). */
export async function expectBooksBalance(world: World, when: string): Promise<void> {
  const audit = await runAdminCommand(
    { argv: ['audit'], actor: 'fault-points' },
    { database: world.database, via: 'direct' },
  );
  expect(audit.json, `audit ${when}`).toMatchObject({ ok: true, mismatchedAccounts: 0, negativeBalances: 0 });
  expect(await reservationMismatches((text) => world.sql.query(text)), `reservations ${when}`).toEqual([]);
}

/** The last word: the operator's own `admin audit`, a process of its own. */
export async function expectCliAuditClean(world: World): Promise<void> {
  expect(JSON.parse(await adminCli(world.env, 'audit'))).toMatchObject({
    ok: true,
    mismatchedAccounts: 0,
    negativeBalances: 0,
  });
}

export const KILLS = 20;

export interface KillLoop {
  point: FaultPoint;
  /** Runs the due work in a process of its own with `fault` armed, or none; resolves once it ended. */
  run(fault: Fault | null): Promise<Ended>;
  /** Rows that break the point's rules (half applied, applied twice): none expected. */
  problems(): Promise<unknown[]>;
  /** How much of the due work is done (settled days, paid stakes, closed positions…). */
  done(): Promise<number>;
}

/**
 * `kills` runs, each killed at the point's 1st, 2nd or 3rd hit, so that what the earlier hits
 * committed stays (some work is done between kills: checked); after each the books balance and
 * nothing is half applied or applied twice. Then one run without the fault, which must end
 * normally, and the same checks. Answers how much work the killed runs had done.
 */
export async function killAndRestart(world: World, loop: KillLoop, kills = KILLS): Promise<number> {
  const started = Date.now();
  for (let i = 0; i < kills; i += 1) {
    const fault = { point: loop.point, after: 1 + (i % 3) };
    const when = `after kill ${i + 1} of ${kills} (${loop.point}, hit ${fault.after})`;
    const ended = await loop.run(fault);
    expect(ended.signal, `${when}: the process ended otherwise\n${ended.output}`).toBe('SIGKILL');
    await released(world);
    await expectBooksBalance(world, when);
    expect(await loop.problems(), when).toEqual([]);
  }
  const doneByKills = await loop.done();
  expect(doneByKills, 'work committed between the kills').toBeGreaterThan(0);
  const killed = Date.now();
  const last = await loop.run(null);
  expect(last, 'the run without the fault').toMatchObject({ code: 0, signal: null });
  await released(world);
  await expectBooksBalance(world, 'after the run without the fault');
  expect(await loop.problems(), 'after the run without the fault').toEqual([]);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.info(
    `[fault points] ${loop.point}: set up in ${seconds(started - world.opened)}, ${kills} kills in ${seconds(killed - started)}, ${doneByKills} done by then; the rest in ${seconds(Date.now() - killed)}`,
  );
  return doneByKills;
}

/** The rows of a query. */
export async function rows<T>(world: World, text: string, values: unknown[] = []): Promise<T[]> {
  return (await world.sql.query(text, values)).rows as T[];
}
