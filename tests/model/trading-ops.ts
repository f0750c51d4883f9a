/**
 * Operations of the model-based trading run: generated from a seed and the model's state, kept as
 * plain values so that a sequence replays on a fresh system (an order is named by its place in its
 * user's list, not by the id a database gave it), applied to the real system and the model side by
 * side, and compared after every step: the answer, every balance, every order that was active or
 * touched.
 */
import { randomUUID } from 'node:crypto';
import { parse, show } from './fixed.ts';
import type { Kind, Order, PlaceInput, Side, TradingModel } from './trading-model.ts';
import type { OrderRow, TradingSystem } from './trading-system.ts';

export type Op =
  | {
      op: 'place';
      user: number;
      symbol: string;
      kind: Kind;
      side: Side;
      lots: string;
      price: string | null;
      sl: string | null;
      tp: string | null;
    }
  | {
      op: 'modify';
      user: number;
      owner: number;
      pick: number;
      price: string | null;
      sl: string | null;
      tp: string | null;
    }
  | { op: 'cancel' | 'close'; user: number; owner: number; pick: number }
  | { op: 'tick'; symbol: string; bid: string; ask: string; open: boolean }
  | { op: 'rules'; symbol: string; contractSize: string; leverage: number; commission: string };

/** The instruments the run trades: quoted in USD or USDT, so no conversion rate enters. */
export const INSTRUMENTS = {
  BTCUSDT: {
    decimals: 2,
    spread: '1',
    mid: 60000,
    lotStep: '0.001',
    minLots: '0.001',
    maxLots: '5',
    quote: 'USDT',
  },
  EURUSD: {
    decimals: 5,
    spread: '0.00008',
    mid: 1.16,
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '50',
    quote: 'USD',
  },
  XAUUSD: {
    decimals: 2,
    spread: '0.3',
    mid: 2400,
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '20',
    quote: 'USD',
  },
} as const;
export type Symbol = keyof typeof INSTRUMENTS;
export const SYMBOLS = Object.keys(INSTRUMENTS) as Symbol[];
/** The demo's rules for them (server/modules/trading/demo-rules.ts), which a run starts from. */
export const START_RULES: Record<Symbol, { contractSize: string; leverage: number; commission: string }> = {
  BTCUSDT: { contractSize: '1', leverage: 10, commission: '10' },
  EURUSD: { contractSize: '100000', leverage: 100, commission: '3.5' },
  XAUUSD: { contractSize: '100', leverage: 20, commission: '5' },
};

const fixedTo = (x: number, decimals: number) => x.toFixed(decimals);

/** What a run may draw: its instruments, and whether a tick may close a market. */
export interface Draw {
  symbols: readonly Symbol[];
  closedMarkets: boolean;
}

export const EVERY_DRAW: Draw = { symbols: SYMBOLS, closedMarkets: true };

/** The next operation, drawn from the model's state (its prices and orders). */
export function nextOp(rnd: () => number, model: TradingModel, users: number, draw = EVERY_DRAW): Op {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;
  const symbol = pick(draw.symbols);
  const spec = INSTRUMENTS[symbol];
  const tick = model.ticks.get(symbol);
  const mid = tick ? Number(show((tick.bid + tick.ask) / 2n)) : spec.mid;
  const near = (spread: number) => fixedTo(mid * (1 + (rnd() * 2 - 1) * spread), spec.decimals);
  const r = rnd();
  if (r < 0.3) {
    // A tick: mostly a small step, sometimes a gap of several percent, rarely a closed market.
    const move = rnd() < 0.15 ? (rnd() * 2 - 1) * 0.06 : (rnd() * 2 - 1) * 0.004;
    const bid = fixedTo(Math.max(mid * (1 + move), 10 ** -spec.decimals * 10), spec.decimals);
    const ask = show(parse(bid) + parse(spec.spread));
    return { op: 'tick', symbol, bid, ask, open: rnd() > 0.03 || !draw.closedMarkets };
  }
  const user = Math.floor(rnd() * users);
  if (r < 0.62) {
    const kind = pick(['market', 'market', 'buy_limit', 'buy_stop', 'sell_limit', 'sell_stop'] as const);
    const side = pick(['buy', 'sell'] as const);
    const steps = rnd() < 0.03 ? 0.5 : 1 + Math.floor(rnd() ** 3 * 400);
    const lots = show((parse(spec.lotStep) * BigInt(Math.round(steps * 2))) / 2n);
    // Mostly on the side the rules allow, now and then on the wrong one (which must be refused).
    const sign = (below: boolean) => ((rnd() < 0.12 ? !below : below) ? -1 : 1);
    const away = (from: number, below: boolean, most: number) =>
      fixedTo(from * (1 + sign(below) * (0.0005 + rnd() * most)), spec.decimals);
    const below = kind === 'buy_limit' || kind === 'sell_stop';
    const price =
      kind === 'market' ? (rnd() < 0.05 ? near(0.01) : null) : rnd() < 0.03 ? null : away(mid, below, 0.03);
    const long = kind === 'market' ? side === 'buy' : kind.startsWith('buy');
    const from = Number(price ?? mid);
    const sl = rnd() < 0.5 ? null : away(from, long, 0.05);
    const tp = rnd() < 0.5 ? null : away(from, !long, 0.05);
    return {
      op: 'place',
      user,
      symbol,
      kind,
      side,
      lots,
      price,
      sl,
      tp,
    };
  }
  // Now and then a user names another user's order: it must answer "not found" and change nothing.
  const owner = rnd() < 0.05 ? (user + 1) % users : user;
  const p = Math.floor(rnd() * 1_000_000);
  if (r < 0.77) {
    const level = () => (rnd() < 0.4 ? null : near(0.05));
    const price = rnd() < 0.6 ? near(0.04) : null;
    return { op: 'modify', user, owner, pick: p, price, sl: level(), tp: level() };
  }
  if (r < 0.86) return { op: 'cancel', user, owner, pick: p };
  if (r < 0.97) return { op: 'close', user, owner, pick: p };
  return {
    op: 'rules',
    symbol,
    contractSize: pick(
      symbol === 'BTCUSDT' ? ['1', '0.1'] : symbol === 'EURUSD' ? ['100000', '10000'] : ['100', '10'],
    ),
    leverage: pick([5, 10, 20, 50, 100]),
    commission: pick(['0', '1', '3.5', '10']),
  };
}

/** The order an op names: the `pick`-th of its user's orders (active ones first), or none. */
function chosen(model: TradingModel, userAddress: string, pick: number): Order | undefined {
  const mine = [...model.orders.values()].filter((o) => o.user === userAddress);
  const active = mine.filter((o) => o.status === 'pending' || o.status === 'open');
  const list = active.length > 0 && pick % 4 !== 0 ? active : mine;
  return list[pick % Math.max(1, list.length)];
}

const opt = (v: string | null) => (v === null ? null : parse(v));

/** Adds an order's set levels (pending price, stop loss, take profit) to the body it is sent with. */
function withLevels(
  body: Record<string, string>,
  levels: { price: string | null; sl: string | null; tp: string | null },
): void {
  for (const [key, value] of [
    ['price', levels.price],
    ['stopLoss', levels.sl],
    ['takeProfit', levels.tp],
  ] as const)
    if (value !== null) body[key] = value;
}

/** What a run did, by operation and answer ("place:ok", "tick:stop_out"): a run that never fills, stops out or refuses proves little. */
export type Tally = Map<string, number>;

const count = (tally: Tally | undefined, key: string) => tally?.set(key, (tally.get(key) ?? 0) + 1);

/** Applies one op to both; answers a divergence, or null. */
export async function step(
  op: Op,
  system: TradingSystem,
  model: TradingModel,
  tally?: Tally,
): Promise<string | null> {
  const touched = new Set<number>();
  const active = [...model.orders.values()].filter((o) => o.status === 'pending' || o.status === 'open');
  for (const o of active) touched.add(o.id);
  let expected: string;
  let actual: { answer: string; data: unknown };
  if (op.op === 'tick') {
    await system.price(op.symbol, op.bid, op.ask, op.open);
    model.ticks.set(op.symbol, { bid: parse(op.bid), ask: parse(op.ask), open: op.open });
    const run = await system.triggers();
    const expected = model.triggers();
    for (const id of expected.settled) {
      touched.add(id);
      const order = model.orders.get(id);
      count(tally, `tick:${order?.status === 'open' ? 'fill' : (order?.closeReason ?? '?')}`);
    }
    // A close the pool cannot pay fails and stays open; nothing else may fail.
    if (expected.failed > 0) count(tally, 'tick:pool_exhausted');
    if (run.failed !== expected.failed)
      return `the engine failed to settle ${run.failed} order(s), the model says ${expected.failed}`;
    return compare(system, model, touched);
  }
  if (op.op === 'rules') {
    const spec = INSTRUMENTS[op.symbol as Symbol];
    const result = await system.admin(
      ...['config', 'trading', op.symbol, '--contract-size', op.contractSize, '--lot-step', spec.lotStep],
      ...['--min-lots', spec.minLots, '--max-lots', spec.maxLots, '--leverage', String(op.leverage)],
      ...['--commission', op.commission, '--quote-currency', spec.quote],
    );
    if (!result.ok) return `config trading refused: ${result.text}`;
    const rules = model.rules.get(op.symbol);
    if (rules)
      Object.assign(rules, {
        contractSize: parse(op.contractSize),
        leverage: BigInt(op.leverage),
        commissionPerLot: parse(op.commission),
      });
    return compare(system, model, touched);
  }
  const user = system.users[op.user]?.address ?? '';
  const requestId = randomUUID();
  if (op.op === 'place') {
    const body: Record<string, string> = {
      symbol: op.symbol,
      kind: op.kind,
      side: op.side,
      lots: op.lots,
      requestId,
    };
    withLevels(body, op);
    const placed = await system.call(op.user, '10073', body);
    actual = placed;
    const id = placed.data?.id ?? -1;
    const input: PlaceInput = {
      symbol: op.symbol,
      kind: op.kind,
      side: op.side,
      lots: parse(op.lots),
      price: opt(op.price),
      stopLoss: opt(op.sl),
      takeProfit: opt(op.tp),
    };
    expected = model.place(user, input, id);
    touched.add(id);
  } else {
    const order = chosen(model, system.users[op.owner]?.address ?? '', op.pick);
    const id = order?.id ?? 999_999_999;
    touched.add(id);
    if (op.op === 'modify') {
      const body: Record<string, string> = { id: String(id), requestId };
      withLevels(body, op);
      actual = await system.call(op.user, '10074', body);
      expected = model.modify(user, id, opt(op.price), opt(op.sl), opt(op.tp));
    } else {
      actual = await system.call(op.user, op.op === 'cancel' ? '10079' : '10076', {
        id: String(id),
        requestId,
      });
      expected = op.op === 'cancel' ? model.cancel(user, id) : model.close(user, id);
    }
  }
  count(tally, `${op.op}:${expected}`);
  if (actual.answer !== expected) return `answered ${actual.answer}, the model says ${expected}`;
  return compare(system, model, touched);
}

const FIELDS = [
  'status',
  'side',
  'kind',
  'lots',
  'price',
  'stopLoss',
  'takeProfit',
  'margin',
  'commission',
  'openPrice',
  'closePrice',
  'profit',
  'closeReason',
] as const;

function same(real: unknown, mine: unknown): boolean {
  if (mine === null || real === null) return mine === real;
  if (typeof mine === 'bigint') return parse(String(real)) === mine;
  return real === mine;
}

async function compare(system: TradingSystem, model: TradingModel, ids: Set<number>): Promise<string | null> {
  const balances = await system.balances();
  const want = new Map<string, bigint>([
    ['system:trading_margin_pool', model.pool],
    ['system:fee_revenue', model.fees],
  ]);
  for (const { address } of system.users) {
    const w = model.wallet(address);
    want.set(`${address}:available`, w.available);
    want.set(`${address}:frozen`, w.frozen);
  }
  for (const [key, value] of want) {
    const real = parse(balances.get(key) ?? '0');
    if (real !== value) return `${key} is ${show(real)}, the model says ${show(value)}`;
  }
  const [mismatch] = await system.reservations();
  if (mismatch) return `reservations: ${JSON.stringify(mismatch)}`;
  const rows = await system.orders([...ids].filter((id) => id > 0));
  const seen = new Set<number>();
  for (const row of rows as OrderRow[]) {
    seen.add(row.id);
    const mine = model.orders.get(row.id);
    if (!mine) return `order ${row.id} exists, the model has none`;
    for (const field of FIELDS)
      if (!same(row[field], mine[field]))
        return `order ${row.id} ${field} is ${row[field]}, the model says ${String(mine[field] === null ? null : typeof mine[field] === 'bigint' ? show(mine[field]) : mine[field])}`;
  }
  for (const id of ids) if (model.orders.has(id) && !seen.has(id)) return `order ${id} is missing`;
  return null;
}
