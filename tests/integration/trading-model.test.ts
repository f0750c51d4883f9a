/**
 * The model-based trading run (issue #36): random operations (every kind of order placed,
 * modified, cancelled and closed, ticks with gaps through levels, closed markets, stop-outs, other
 * users' orders, the operator changing an instrument's contract size, leverage and commission)
 * against the real server and the reference model of tests/model/trading-model.ts, compared after
 * every operation: each answer, every balance, every order that was active or touched. A
 * divergence is shrunk by replaying shorter sequences on fresh databases, and the shortest failing
 * sequence is printed.
 *
 * `npm test` runs MODEL_OPERATIONS (default 1,000) with a fixed seed on PGlite and PostgreSQL;
 * `npm run test:model` runs 100,000 on PGlite (docs/trading.md, "The reference model").
 */
import { describe, expect, test } from 'vitest';
import { DATABASE_TARGETS, type DatabaseTarget } from '../helpers/databases.ts';
import { parse } from '../model/fixed.ts';
import { TradingModel } from '../model/trading-model.ts';
import {
  INSTRUMENTS,
  nextOp,
  type Op,
  random,
  START_RULES,
  SYMBOLS,
  step,
  type Tally,
} from '../model/trading-ops.ts';
import { startTradingSystem } from '../model/trading-system.ts';

const OPERATIONS = Number(process.env.MODEL_OPERATIONS || 1_000);
const SEED = Number(process.env.MODEL_SEED || 20261128);
const ONLY = process.env.MODEL_DATABASE;
const FUNDS = ['20000', '5000', '800', '150000'] as const;
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
/** Fresh systems the shrinker may start before it prints what it has. */
const SHRINK_REPLAYS = 40;

interface Outcome {
  /** Index of the diverging op, or -1. */
  at: number;
  message: string;
  ops: Op[];
  tally: Tally;
}

/**
 * Runs `ops` (or, given none, `count` generated ones) on a fresh system and the model; stops at the
 * first divergence.
 */
async function run(target: DatabaseTarget, given: Op[] | null, count: number): Promise<Outcome> {
  const system = await startTradingSystem(target, FUNDS);
  try {
    const balances = await system.balances();
    const model = new TradingModel(
      parse(balances.get('system:trading_margin_pool') ?? '0'),
      parse(balances.get('system:fee_revenue') ?? '0'),
    );
    for (const [i, { address }] of system.users.entries())
      model.wallet(address).available = parse(FUNDS[i] ?? '0');
    for (const symbol of SYMBOLS) {
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
      const op = given ? (given[i] as Op) : nextOp(rnd, model, FUNDS.length);
      ops.push(op);
      const problem = await step(op, system, model, tally);
      if (problem) return { at: i, message: problem, ops, tally };
    }
    return { at: -1, message: '', ops, tally };
  } finally {
    await system.close();
  }
}

/** Drops chunks of the failing sequence while it still fails (ddmin, within a replay budget). */
async function shrink(target: DatabaseTarget, failing: Outcome): Promise<Outcome> {
  let best = failing;
  let replays = 0;
  let chunk = Math.max(1, Math.floor(best.ops.length / 2));
  while (chunk >= 1 && replays < SHRINK_REPLAYS) {
    let removed = false;
    for (let start = 0; start < best.ops.length - 1 && replays < SHRINK_REPLAYS; start += chunk) {
      // The last op is the one that diverged: it stays.
      const candidate = [...best.ops.slice(0, start), ...best.ops.slice(start + chunk)];
      if (candidate.length === best.ops.length || candidate.length === 0) continue;
      replays += 1;
      const outcome = await run(target, candidate, candidate.length);
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

for (const target of DATABASE_TARGETS) {
  const wanted = !ONLY || ONLY === target.name;
  describe.skipIf(!target.available || !wanted)(
    `the trading book against its model on ${target.name}`,
    () => {
      test(`${OPERATIONS} random operations (seed ${SEED}): no divergence`, async () => {
        const started = performance.now();
        const outcome = await run(target, null, OPERATIONS);
        if (outcome.at !== -1) {
          const shortest = outcome.at >= 0 ? await shrink(target, outcome) : outcome;
          const listing = shortest.ops.map((op, i) => `${i + 1}. ${JSON.stringify(op)}`).join('\n');
          expect.fail(
            `divergence at operation ${outcome.at + 1} of seed ${SEED}: ${outcome.message}\n` +
              `shortest failing sequence found (${shortest.ops.length} operations): ${shortest.message}\n${listing}`,
          );
        }
        const seconds = (performance.now() - started) / 1000;
        const did = [...outcome.tally].sort(([a], [b]) => a.localeCompare(b));
        process.stdout.write(
          `[trading model ${target.name}] ${OPERATIONS} operations, seed ${SEED}, ${seconds.toFixed(1)} s: ${did.map(([k, n]) => `${k} ${n}`).join(', ')}\n`,
        );
        // The run reaches what it is for: fills, every kind of close, margins re-priced and refused.
        for (const key of REACHED) expect(outcome.tally.get(key) ?? 0, key).toBeGreaterThan(0);
      }, 3_600_000);
    },
  );
}
