/**
 * Atomicity shown deterministically (issue #36 item 4): processes are killed with SIGKILL at named
 * points inside transactions that post several entries (server/faults.ts), after part of the work
 * was written and before the commit, 20 times per point, then run once more without the fault.
 * After every kill and at the end: `admin audit` is clean, every reservation is held
 * (tests/helpers/reservations.ts), nothing is half applied (a row's status agrees with its entries)
 * and nothing is settled twice (tests/helpers/fault-checks.ts); at the end all the due work is
 * done, once.
 *
 * - trading.settlement, trading.stop_out: the trigger engine of a server process, settling a
 *   ladder of positions one batch at a time (tests/helpers/fault-ladder.ts);
 * - mining.settlement, ido.allocation, staking.maturity: the admin CLI (`mining settle`, `ido
 *   advance`, `staking mature`), which on PostgreSQL opens the database itself and runs the same
 *   code as the server's jobs, for a moment ahead: the work is due for the CLI only, and no server
 *   runs beside it anyway.
 *
 * One server sets everything up on one database, which is then copied, one copy per point, and
 * the points run side by side: most of the time is processes starting. A trading kill costs a
 * server's start: each trading point takes its 20 kills on two copies at once, 10 each.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '../../protocol/mining.ts';
import type { FaultPoint } from '../../server/faults.ts';
import { postgresAvailable } from '../helpers/databases.ts';
import { HOLDING_PROBLEMS, STAKE_PROBLEMS, SUBSCRIPTION_PROBLEMS } from '../helpers/fault-checks.ts';
import {
  admin,
  cliRun,
  closeWorld,
  copyWorld,
  DAY,
  expectCliAuditClean,
  KILLS,
  type KillLoop,
  killAndRestart,
  ok,
  openWorld,
  rows,
  sleep,
  type User,
  usersWith,
  type World,
} from '../helpers/fault-harness.ts';
import {
  buildLadder,
  closedCount,
  type LadderReason,
  ladderProblems,
  runLadder,
} from '../helpers/fault-ladder.ts';

const HOUR = 3_600_000;
/**
 * Groups of two positions per trading ladder. Each copy of it takes KILLS / 2 kills, which settle
 * at most 9 groups and need 2 more to kill the last time; the run without the fault settles the rest.
 */
const GROUPS = 16;

const iso = (ms: number) => new Date(ms).toISOString();
const count = async (world: World, text: string) => (await rows<{ n: number }>(world, text))[0]?.n ?? 0;

/** A point's due work, made on the set-up database: how to run it, check it, and what "all done" is. */
interface Plan {
  loop(world: World): Omit<KillLoop, 'point'>;
  /** All of it, once the run without the fault is over (`byKills`: what the kills had done). */
  finish(world: World, byKills: number): Promise<void>;
}

/** 30 stakes of 5 users in the 7- and 30-day USDT plans, due 31 days ahead. */
async function stakes(world: World): Promise<Plan> {
  const users = await usersWith(world, 5, '2000');
  const plans = await ok((users[0] as User).call, '10035', {});
  const plan = (days: number) => plans.find((p) => p.coin === 'USDT' && p.days === days);
  const [week, month] = [plan(7), plan(30)];
  if (!week || !month) throw new Error('the demo has no USDT plans of 7 and 30 days');
  for (const [u, user] of users.entries()) {
    for (let j = 0; j < 6; j += 1) {
      const chosen = j % 2 === 0 ? week : month;
      await ok(user.call, '10036', {
        planId: String(chosen.id),
        amount: String(Number(chosen.min) + u + j),
        requestId: randomUUID(),
      });
    }
  }
  const at = iso(world.now() + 31 * DAY);
  const redeemed = `select count(*)::int as n from stakes where status = 'redeemed'`;
  return {
    loop: (w) => ({
      run: (fault) => cliRun(w, ['staking', 'mature', '--at', at], fault),
      problems: () => rows(w, STAKE_PROBLEMS),
      done: () => count(w, redeemed),
    }),
    async finish(w, byKills) {
      expect(byKills).toBeLessThan(30);
      expect(await count(w, redeemed)).toBe(30);
    },
  };
}

/** 6 holdings of 3 users (2 each) of one machine; 5 days of each due: 30 holding-days. */
async function holdings(world: World): Promise<Plan> {
  const users = await usersWith(world, 3, '1000');
  const machines = await ok((users[0] as User).call, '10050', {
    size: '100',
  });
  const machine = machines.list.find((m) => m.key === 'L7');
  if (!machine) throw new Error('the demo has no L7 machine');
  for (const user of users) {
    for (let j = 0; j < 2; j += 1)
      await ok(user.call, '10052', {
        productId: String(machine.id),
        quantity: '1',
        requestId: randomUUID(),
      });
  }
  const [days] = await rows<{ first: string; last: string; n: number }>(
    world,
    `select min(first_day)::text as first, max(first_day)::text as last, count(*)::int as n
       from mining_holdings`,
  );
  expect(days?.n).toBe(6);
  expect(days?.last).toBe(days?.first);
  const through = addDays(days?.first ?? '', 4);
  return {
    loop: (w) => ({
      run: (fault) => cliRun(w, ['mining', 'settle', '--through', through], fault),
      problems: () => rows(w, HOLDING_PROBLEMS),
      done: () => count(w, `select coalesce(sum(days_paid), 0)::int as n from mining_holdings`),
    }),
    async finish(w, byKills) {
      expect(byKills).toBeLessThan(30);
      expect(await count(w, `select count(*)::int as n from mining_holdings where days_paid = 5`)).toBe(6);
    },
  };
}

/**
 * Two offerings of the test's own, FPA with 2 subscriptions (undersubscribed) and FPB with 16
 * (oversubscribed), ending a day ahead, allocated in chunks of 2 subscriptions (`JOB_CHUNK_ROWS`):
 * a kill at the 3rd hit commits a chunk and dies inside the next, so the 6 such kills of 20 leave
 * 12 subscriptions allocated (FPA and 10 of FPB's, FPB still ongoing), and the run without the
 * fault goes on from the cursor.
 */
async function offerings(world: World): Promise<Plan> {
  const users = await usersWith(world, 16, '1000');
  const now = world.now();
  for (const [token, end] of [
    ['FPA', now + DAY],
    ['FPB', now + DAY + HOUR],
  ] as const) {
    await admin(
      world,
      ...['ido', 'create', token, '--name', `${token} (fault points)`, '--precision', '6'],
      ...['--price', '0.1', '--offering', '1000', '--share-size', '100'],
      ...['--min-shares', '1', '--max-shares', '10', '--start', iso(now - HOUR), '--end', iso(end)],
      ...['--release', iso(now + 8 * DAY), '--description', 'An offering of the fault points test.'],
    );
    await admin(world, 'fund', 'ido-treasury', token, '1000');
  }
  // Opened by whichever phase job takes the lock first: the server's or this one.
  const mine = `select id, phase from ido_offerings where token in ('FPA', 'FPB') order by id`;
  for (let tries = 0; ; tries += 1) {
    const found = await rows<{ phase: string }>(world, mine);
    if (found.every((o) => o.phase === 'ongoing')) break;
    if (tries > 100) throw new Error(`offerings not opened: ${JSON.stringify(found)}`);
    await admin(world, 'ido', 'advance', '--at', iso(world.now()));
    await sleep(100);
  }
  const [fpa, fpb] = (await rows<{ id: string }>(world, mine)).map((o) => String(o.id));
  const subscriptions: [string | undefined, number, number][] = [
    [fpa, 0, 3],
    [fpa, 1, 5],
    ...users.map((_, u): [string | undefined, number, number] => [fpb, u, 1 + (u % 10)]),
  ];
  for (const [offeringId, u, shares] of subscriptions) {
    await ok((users[u] as User).call, '10063', {
      offeringId: String(offeringId),
      shares: String(shares),
      requestId: randomUUID(),
    });
  }
  // Past both ends, before both releases (and before the demo's own offerings move).
  const at = iso(now + 2 * DAY);
  const allocated = `select count(*)::int as n from ido_subscriptions where won is not null`;
  return {
    loop: (w) => ({
      run: (fault) =>
        cliRun({ ...w, env: { ...w.env, JOB_CHUNK_ROWS: '2' } }, ['ido', 'advance', '--at', at], fault),
      problems: () => rows(w, SUBSCRIPTION_PROBLEMS),
      done: () => count(w, allocated),
    }),
    async finish(w, byKills) {
      expect(byKills).toBe(12);
      expect(await count(w, allocated)).toBe(18);
      expect((await rows<{ phase: string }>(w, mine)).map((o) => o.phase)).toEqual(['ended', 'ended']);
    },
  };
}

/** GROUPS groups of two positions of 3 users, settled one batch per group (fault-ladder.ts). */
async function positions(world: World, symbol: string, reason: LadderReason): Promise<Plan> {
  const users = await usersWith(world, 3, '2000');
  const ladder = await buildLadder(world, users, { symbol, reason, groups: GROUPS });
  return {
    loop: (w) => ({
      run: (fault) => runLadder(w, ladder, fault),
      problems: () => ladderProblems(w, ladder),
      done: () => closedCount(w, ladder),
    }),
    async finish(w, byKills) {
      expect(byKills).toBeLessThan(GROUPS * 2);
      expect(await closedCount(w, ladder)).toBe(GROUPS * 2);
    },
  };
}

interface Case {
  point: FaultPoint;
  what: string;
  setUp(world: World): Promise<Plan>;
  /** Copies of the set-up, killed side by side: the point's kills are shared out among them. */
  copies?: number;
}

const CASES: Case[] = [
  {
    point: 'trading.settlement',
    what: `${GROUPS} batches of 2 take-profits, the server killed inside a batch`,
    copies: 2,
    // Each ladder has a pair of its own, so that one's prices never move the other's positions.
    setUp: (world) => positions(world, 'GBPUSD', 'take_profit'),
  },
  {
    point: 'trading.stop_out',
    what: `${GROUPS} batches of 2 stop-outs, the server killed inside a batch`,
    copies: 2,
    setUp: (world) => positions(world, 'EURUSD', 'stop_out'),
  },
  {
    point: 'mining.settlement',
    what: '30 holding-days, `mining settle` killed after a day is posted',
    setUp: holdings,
  },
  {
    point: 'ido.allocation',
    what: '2 offerings in chunks of 2 subscriptions, `ido advance` killed between allocations',
    setUp: offerings,
  },
  {
    point: 'staking.maturity',
    what: '30 stakes, `staking mature` killed between principal and interest',
    setUp: stakes,
  },
];

describe.skipIf(!postgresAvailable)('SIGKILL at the fault points, 20 times each, then a restart', () => {
  const worlds: World[] = [];
  const made = new Map<FaultPoint, { worlds: World[]; plan: Plan }>();
  beforeAll(async () => {
    const template = await openWorld();
    worlds.push(template);
    const plans = await Promise.all(CASES.map((c) => c.setUp(template)));
    for (const [i, c] of CASES.entries()) {
      const copies: World[] = [];
      for (let n = 0; n < (c.copies ?? 1); n += 1) copies.push(await copyWorld(template));
      worlds.push(...copies);
      made.set(c.point, { worlds: copies, plan: plans[i] as Plan });
    }
  }, 300_000);
  afterAll(async () => {
    // The set-up's database last: its directory holds the compile cache the others use.
    await Promise.all(worlds.slice(1).map((w) => closeWorld(w)));
    await closeWorld(worlds[0]);
  });

  for (const { point, what } of CASES) {
    test.concurrent(`${point}: ${what}`, { timeout: 600_000 }, async () => {
      const set = made.get(point);
      if (!set) throw new Error(`no set-up for ${point}`);
      const kills = KILLS / set.worlds.length;
      await Promise.all(
        set.worlds.map(async (world) => {
          const byKills = await killAndRestart(world, { point, ...set.plan.loop(world) }, kills);
          await set.plan.finish(world, byKills);
          await expectCliAuditClean(world);
        }),
      );
    });
  }
});
