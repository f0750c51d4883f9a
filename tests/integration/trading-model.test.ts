/**
 * The model-based trading run (issue #36): random operations (every kind of order placed,
 * modified, cancelled and closed, ticks with gaps through levels, closed markets, stop-outs, other
 * users' orders, the operator changing an instrument's contract size, leverage and commission)
 * against the real server and the reference model of tests/model/trading-model.ts, compared after
 * every operation: each answer, every balance, every order that was active or touched. A
 * divergence is shrunk by replaying shorter sequences on fresh databases, and the shortest failing
 * sequence is printed.
 *
 * `npm test` runs MODEL_OPERATIONS (default 1,000) with a fixed seed on PGlite and PostgreSQL, and
 * MODEL_TWO_PROCESS_OPERATIONS (default 150) on PostgreSQL with a second server process taking
 * every other call and racing the trigger engine (crypto only: its clock is the run's);
 * `npm run test:model` runs 100,000 on PGlite (docs/trading.md, "The reference model").
 */
import { describe, expect, test } from 'vitest';
import { DATABASE_TARGETS, type DatabaseTarget } from '../helpers/databases.ts';
import { random } from '../helpers/random.ts';
import { parse } from '../model/fixed.ts';
import { TradingModel } from '../model/trading-model.ts';
import {
  type Draw,
  EVERY_DRAW,
  INSTRUMENTS,
  nextOp,
  type Op,
  START_RULES,
  step,
  type Tally,
} from '../model/trading-ops.ts';
import { startTradingSystem } from '../model/trading-system.ts';

const OPERATIONS = Number(process.env.MODEL_OPERATIONS || 1_000);
const SEED = Number(process.env.MODEL_SEED || 20261128);
const TWO_PROCESS_OPERATIONS = Number(process.env.MODEL_TWO_PROCESS_OPERATIONS || 150);
const ONLY = process.env.MODEL_DATABASE;
const FUNDS = ['20000', '5000', '800', '150000'] as const;
/**
 * An hour at least; a long run (npm run test:model) gets 0.2 s an operation, several times what
 * one takes on two busy cores, so that only a hang times it out.
 */
const TIMEOUT_MS = Math.max(3_600_000, OPERATIONS * 200);
/** What every run must have done at least once (a run that never stops out proves little). */
const REACHED = [
  'place:ok',
  'place:insufficient_balance',
  'place:lots_invalid',
  'modify:ok',
  'modify:not_found',
  'cancel:ok',
  'close:ok',
  'tick:fill',
  'tick:stop_loss',
  'tick:take_profit',
  'tick:stop_out',
];
/** What the two-process run must have done (it is shorter, and trades one instrument). */
const REACHED_TWO_PROCESS = ['place:ok', 'modify:ok', 'cancel:ok', 'close:ok', 'tick:fill'];
/** How often a run longer than that says how far it is. */
const PROGRESS_EVERY = 10_000;
/** Fresh systems the shrinker may start before it prints what it has (a second process is slow to start). */
const SHRINK_REPLAYS = { 1: 40, 2: 8 } as const;
/**
 * And at most this long: a divergence deep in a long run (operation 39,725 of `npm run test:model`)
 * makes every replay tens of thousands of operations, and forty of them would take hours. What is
 * shortest by then is printed; the divergence itself was said at once.
 */
const SHRINK_MS = 10 * 60_000;

interface Outcome {
  /** Index of the diverging op, or -1. */
  at: number;
  message: string;
  ops: Op[];
  tally: Tally;
}

/** Where a run goes: its database, how many server processes, what it may draw. */
interface Setup {
  target: DatabaseTarget;
  processes: 1 | 2;
  draw: Draw;
}

/** The second process trades crypto only, open every day, as its clock is the run's own. */
const TWO_PROCESS_DRAW: Draw = { symbols: ['BTCUSDT'], closedMarkets: false };

/**
 * Runs `ops` (or, given none, `count` generated ones) on a fresh system and the model; stops at the
 * first divergence.
 */
async function run(setup: Setup, given: Op[] | null, count: number): Promise<Outcome> {
  const started = performance.now();
  const system = await startTradingSystem(setup.target, FUNDS, { processes: setup.processes });
  try {
    const balances = await system.balances();
    const model = new TradingModel(
      parse(balances.get('system:trading_margin_pool') ?? '0'),
      parse(balances.get('system:fee_revenue') ?? '0'),
    );
    for (const [i, { address }] of system.users.entries())
      model.wallet(address).available = parse(FUNDS[i] ?? '0');
    for (const symbol of setup.draw.symbols) {
      const r = START_RULES[symbol];
      const spec = INSTRUMENTS[symbol];
      model.rules.set(symbol, {
        contractSize: parse(r.contractSize),
        lotStep: parse(spec.lotStep),
        minLots: parse(spec.minLots),
        maxLots: parse(spec.maxLots),
        leverage: BigInt(r.leverage),
        commissionPerLot: parse(r.commission),
      });
      // Every run starts from the same prices, open.
      const bid = spec.mid.toFixed(spec.decimals);
      const ask = (Number(bid) + Number(spec.spread)).toFixed(spec.decimals);
      const first: Op = { op: 'tick', symbol, bid, ask, open: true };
      const problem = await step(first, system, model);
      if (problem) return { at: -2, message: `start: ${problem}`, ops: [], tally: new Map() };
    }
    const rnd = random(SEED);
    const ops: Op[] = [];
    const tally: Tally = new Map();
    const total = given ? given.length : count;
    for (let i = 0; i < total; i += 1) {
      const op = given ? (given[i] as Op) : nextOp(rnd, model, FUNDS.length, setup.draw);
      ops.push(op);
      const problem = await step(op, system, model, tally);
      if (problem) return { at: i, message: problem, ops, tally };
      // A long run says how far it is, so that a slowing run shows where it slows.
      if (!given && (i + 1) % PROGRESS_EVERY === 0)
        process.stdout.write(
          `[trading model] ${i + 1} of ${total} operations, ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
        );
    }
    return { at: -1, message: '', ops, tally };
  } finally {
    await system.close();
  }
}

/** Drops chunks of the failing sequence while it still fails (ddmin, within a replay budget). */
async function shrink(setup: Setup, failing: Outcome): Promise<Outcome> {
  let best = failing;
  let replays = 0;
  let chunk = Math.max(1, Math.floor(best.ops.length / 2));
  const budget = SHRINK_REPLAYS[setup.processes];
  const until = performance.now() + SHRINK_MS;
  const more = () => replays < budget && performance.now() < until;
  while (chunk >= 1 && more()) {
    let removed = false;
    for (let start = 0; start < best.ops.length - 1 && more(); start += chunk) {
      // The last op is the one that diverged: it stays.
      const candidate = [...best.ops.slice(0, start), ...best.ops.slice(start + chunk)];
      if (candidate.length === best.ops.length || candidate.length === 0) continue;
      replays += 1;
      const outcome = await run(setup, candidate, candidate.length);
      if (outcome.at >= 0) {
        best = { ...outcome, ops: outcome.ops.slice(0, outcome.at + 1) };
        removed = true;
        start -= chunk;
      }
    }
    if (!removed) chunk = Math.floor(chunk / 2);
  }
  return best;
}

/** One run of `count` operations: no divergence, and it reached what it is for. */
async function noDivergence(setup: Setup, count: number, reached: readonly string[]): Promise<void> {
  const started = performance.now();
  const outcome = await run(setup, null, count);
  if (outcome.at !== -1) {
    // Said at once: shrinking replays on fresh systems, which takes minutes with two processes.
    process.stdout.write(`[trading model] divergence at operation ${outcome.at + 1}: ${outcome.message}\n`);
    const shortest = outcome.at >= 0 ? await shrink(setup, outcome) : outcome;
    const listing = shortest.ops.map((op, i) => `${i + 1}. ${JSON.stringify(op)}`).join('\n');
    expect.fail(
      `divergence at operation ${outcome.at + 1} of seed ${SEED}: ${outcome.message}\n` +
        `shortest failing sequence found (${shortest.ops.length} operations): ${shortest.message}\n${listing}`,
    );
  }
  const seconds = (performance.now() - started) / 1000;
  const did = [...outcome.tally].sort(([a], [b]) => a.localeCompare(b));
  const name = `${setup.target.name}${setup.processes === 2 ? ', two processes' : ''}`;
  process.stdout.write(
    `[trading model ${name}] ${count} operations, seed ${SEED}, ${seconds.toFixed(1)} s: ${did.map(([k, n]) => `${k} ${n}`).join(', ')}\n`,
  );
  // The run reaches what it is for: fills, every kind of close, margins re-priced and refused.
  for (const key of reached) expect(outcome.tally.get(key) ?? 0, key).toBeGreaterThan(0);
}

for (const target of DATABASE_TARGETS) {
  const wanted = !ONLY || ONLY === target.name;
  describe.skipIf(!target.available || !wanted)(
    `the trading book against its model on ${target.name}`,
    () => {
      test(
        `${OPERATIONS} random operations (seed ${SEED}): no divergence`,
        async () => {
          await noDivergence({ target, processes: 1, draw: EVERY_DRAW }, OPERATIONS, REACHED);
        },
        TIMEOUT_MS,
      );
      if (target.name === 'postgres')
        test(
          `${TWO_PROCESS_OPERATIONS} random operations over two processes (seed ${SEED}): no divergence`,
          async () => {
            await noDivergence(
              { target, processes: 2, draw: TWO_PROCESS_DRAW },
              TWO_PROCESS_OPERATIONS,
              REACHED_TWO_PROCESS,
            );
          },
          TIMEOUT_MS,
        );
    },
  );
}
