/**
 * Positions for the trading fault points (tests/integration/fault-points.test.ts): groups of two
 * positions that the trigger engine must settle one group at a time, each group one batch (one
 * transaction, several entries), as the test moves a forex pair's pinned price one level at a time.
 *
 * - take profit: buys opened low, take-profit levels one cent apart above; the price climbs.
 * - stop-out: buys opened one cent apart, the highest first to go; the price falls to 99 % of
 *   each group's open price, a loss of the whole margin at leverage 100, while the next group,
 *   opened a cent lower, is in profit or barely down.
 *
 * A restarted server runs its triggers once before it has read the pins (they are read every
 * second), at the simulated feed's own price: both ladders lie well clear of it (computed here from
 * the feed and its seed), so that moment settles nothing.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createSimulatedSource } from '../../server/modules/markets/feed.ts';
import { DEMO_INSTRUMENTS } from '../../server/modules/markets/instruments.ts';
import {
  type Ended,
  type Fault,
  launch,
  ok,
  PRICE_SEED,
  rows,
  sleep,
  type User,
  type World,
} from './fault-harness.ts';

const SPREAD = 0.0001;
const price = (value: number) => value.toFixed(5);

export type LadderReason = 'take_profit' | 'stop_out';

export interface Ladder {
  /** A pair quoted in USD, traded at leverage 100 (100,000 a lot). */
  symbol: string;
  reason: LadderReason;
  /** Order ids of each group, in the order the groups become due. */
  groups: number[][];
  /** The bid that makes group g due and no later one. */
  levels: number[];
}

/** The simulated feed's lowest bid and highest ask over the next `minutes` (no pin). */
function unpinned(symbol: string, from: number, minutes: number): { low: number; high: number } {
  const source = createSimulatedSource(DEMO_INSTRUMENTS, { seed: PRICE_SEED });
  let [low, high] = [Number.POSITIVE_INFINITY, 0];
  for (let m = 0; m <= minutes; m += 1) {
    const quote = source.tickAt(symbol, from + m * 60_000);
    low = Math.min(low, Number(quote.bid));
    high = Math.max(high, Number(quote.ask));
  }
  return { low, high };
}

/**
 * Pins a bid (the ask a spread above) straight in the table `admin markets pin` writes: the
 * command stamps its end from this process's clock, days behind the servers' moved one.
 */
export async function pinBid(world: World, symbol: string, bid: number): Promise<void> {
  await world.sql.query(
    `insert into price_pins (symbol, bid, ask, until) values ($1, $2, $3, '2200-01-01T00:00:00Z')
     on conflict (symbol) do update set bid = excluded.bid, ask = excluded.ask, until = excluded.until`,
    [symbol, price(bid), price(bid + SPREAD)],
  );
}

/** Pins the bid and waits until the server prices with it (the engine reads pins every second). */
async function pinSeen(world: World, call: User['call'], symbol: string, bid: number): Promise<void> {
  await pinBid(world, symbol, bid);
  const until = Date.now() + 15_000;
  for (;;) {
    const seen = await ok(call, '10071', { symbol });
    if (Number(seen.quote.bid) === Number(price(bid))) return;
    if (Date.now() > until) throw new Error(`the server never priced ${symbol} at the pinned ${bid}`);
    await sleep(100);
  }
}

/** Opens `count` groups of two buys (users taking turns) through the running server. */
export async function buildLadder(
  world: World,
  users: User[],
  ladderOf: { symbol: string; reason: LadderReason; groups: number },
): Promise<Ladder> {
  const { symbol, reason, groups: count } = ladderOf;
  const clear = unpinned(symbol, world.now(), 60);
  const low = Math.floor(clear.low * 90) / 100;
  const high = Math.ceil(clear.high * 110) / 100;
  const ladder: Ladder = { symbol, reason, groups: [], levels: [] };
  const first = users[0] as User;
  const open = async (g: number, ask: number, takeProfit: number | null) => {
    const group: number[] = [];
    for (const user of [users[g % users.length], users[(g + 1) % users.length]] as User[]) {
      const order = await ok(user.call, '10073', {
        kind: 'market',
        side: 'buy',
        symbol,
        lots: '0.01',
        ...(takeProfit === null ? {} : { takeProfit: price(takeProfit) }),
        requestId: randomUUID(),
      });
      expect(Number(order.openPrice)).toBe(Number(price(ask)));
      group.push(order.id);
    }
    ladder.groups[g] = group;
  };
  if (reason === 'take_profit') {
    await pinSeen(world, first.call, symbol, low - SPREAD);
    for (let g = 0; g < count; g += 1) {
      const takeProfit = high + 0.01 * (g + 1);
      await open(g, low, takeProfit);
      ladder.levels[g] = takeProfit;
    }
  } else {
    // The lowest first: as the price climbs to the next, the groups already open gain.
    for (let g = count - 1; g >= 0; g -= 1) {
      const ask = low - 0.01 * g;
      await pinSeen(world, first.call, symbol, ask - SPREAD);
      await open(g, ask, null);
      ladder.levels[g] = Number(price(ask * 0.99));
    }
  }
  expect(Math.min(...ladder.levels)).toBeGreaterThan(0.1);
  return ladder;
}

/** The first group with a position still open, or null once all are closed. */
async function dueGroup(world: World, ladder: Ladder): Promise<number | null> {
  const open = new Set(
    (
      await rows<{ id: string }>(world, `select id from orders where id = any($1) and status = 'open'`, [
        ladder.groups.flat(),
      ])
    ).map((r) => Number(r.id)),
  );
  const g = ladder.groups.findIndex((group) => group.some((id) => open.has(id)));
  return g === -1 ? null : g;
}

/**
 * A server with `fault` armed: the price is pinned at the first open group's level and moved to
 * the next once that group is settled, until the server dies. Without a fault, the price goes to
 * the last level at once (every group left is due, one batch) and the server is stopped (SIGTERM)
 * once all are settled.
 */
export async function runLadder(world: World, ladder: Ladder, fault: Fault | null): Promise<Ended> {
  const { child, ended } = launch(world, ['server/main.ts'], fault);
  let result: Ended | null = null;
  void ended.then((e) => {
    result = e;
  });
  let pinned: number | null = null;
  const until = Date.now() + 120_000;
  while (result === null) {
    const due = await dueGroup(world, ladder);
    if (due === null) {
      // Nothing left to settle: a server that has not died by now never will.
      child.kill('SIGTERM');
      return ended;
    }
    const level = fault ? due : ladder.levels.length - 1;
    if (level !== pinned) {
      await pinBid(world, ladder.symbol, ladder.levels[level] as number);
      pinned = level;
    }
    if (Date.now() > until) {
      child.kill('SIGTERM');
      await ended;
      throw new Error(`group ${due} neither settled nor the server killed within two minutes`);
    }
    await sleep(100);
  }
  return result;
}

/**
 * Positions that break the rules: settled twice, closed without its close entry or the reverse, a
 * close entry that does not pay back margin and profit, a close for another reason, and a group
 * (one batch) only partly closed.
 */
export async function ladderProblems(world: World, ladder: Ladder): Promise<unknown[]> {
  const found = await rows<{ id: string; status: string }>(
    world,
    `select * from (
       select o.id, o.status, o.close_reason, count(distinct j.id)::int as closes,
              coalesce(sum(p.amount) filter (where a.owner = o."user" and a.bucket = 'available'), 0)
                = o.margin + coalesce(o.profit, 0) as paid_back
         from orders o
         left join journal_entries j on j.reference = 'order:' || o.id and j.type = 'trading_settlement'
         left join postings p on p.entry_id = j.id
         left join ledger_accounts a on a.id = p.account_id
        where o.id = any($1)
        group by o.id
     ) t
     where status not in ('open', 'closed') or closes > 1 or (status = 'closed') <> (closes = 1)
        or (status = 'closed' and (not paid_back or close_reason <> $2))`,
    [ladder.groups.flat(), ladder.reason],
  );
  const closed = new Set(
    (
      await rows<{ id: string }>(world, `select id from orders where id = any($1) and status = 'closed'`, [
        ladder.groups.flat(),
      ])
    ).map((r) => Number(r.id)),
  );
  const split = ladder.groups
    .filter((group) => new Set(group.map((id) => closed.has(id))).size > 1)
    .map((group) => ({ partlyClosedGroup: group }));
  return [...found, ...split];
}

/** How many of the ladder's positions are closed (for the reason it was built for). */
export async function closedCount(world: World, ladder: Ladder): Promise<number> {
  const [row] = await rows<{ n: number }>(
    world,
    `select count(*)::int as n from orders where id = any($1) and status = 'closed' and close_reason = $2`,
    [ladder.groups.flat(), ladder.reason],
  );
  return row?.n ?? 0;
}
