/** Flash exchange pairs: which coins swap for which, priced by which market, at what spread and fee. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { PAIR_PATTERN, pairId } from '../../../protocol/exchange.ts';
import { dec, fmt, isDecimalString, scaleOf } from '../../../protocol/money.ts';
import { coins } from '../../modules/config/config.schema.ts';
import { exchangePairs } from '../../modules/exchange/exchange.schema.ts';
import { marketCoins } from '../../modules/exchange/exchange.service.ts';
import { instruments } from '../../modules/markets/markets.schema.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';
import { flagOptions, sortOption, valueOptions } from '../options.ts';

const SYMBOL = /^[A-Z0-9]{2,12}$/;

function percent(raw: string | boolean | undefined, name: string): string {
  if (typeof raw !== 'string' || !isDecimalString(raw) || dec(raw).isNegative() || !dec(raw).lessThan(50)) {
    throw new AdminUsageError(`--${name} must be a percentage from 0 to below 50, e.g. 0.2`);
  }
  return fmt(dec(raw));
}

export const configPairCommand: AdminCommand = {
  name: 'config pair',
  summary: 'Add or change a flash exchange pair (one direction): market, spread, fee, limits',
  usage:
    'config pair <FROM> <TO> --spread <percent> --fee <percent> --min <n> --max <n> [--market <SYMBOL>] [--sort <n>] [--disable] --reason "…"   (limits in FROM; market defaults to TOFROM or FROMTO, e.g. BTCUSDT)',
  mutating: true,
  options: { ...valueOptions('market', 'spread', 'fee', 'min', 'max', 'sort'), ...flagOptions('disable') },
  async run(ctx, { positionals, values }) {
    const [from = '', to = ''] = positionals;
    if (!SYMBOL.test(from) || !SYMBOL.test(to) || from === to || !PAIR_PATTERN.test(pairId(from, to))) {
      throw new AdminUsageError('name two different coins, the one sent first: e.g. USDT BTC');
    }
    const known = await ctx.db
      .select({ symbol: coins.symbol, precision: coins.precision })
      .from(coins)
      .where(inArray(coins.symbol, [from, to]));
    const fromCoin = known.find((c) => c.symbol === from);
    if (!fromCoin || !known.some((c) => c.symbol === to))
      throw new AdminUsageError(`unknown coin; add it with "config coin" first`);

    const candidates = typeof values.market === 'string' ? [values.market] : [`${to}${from}`, `${from}${to}`];
    const [market] = await ctx.db
      .select({ symbol: instruments.symbol })
      .from(instruments)
      .where(and(eq(instruments.enabled, true), inArray(instruments.symbol, candidates)));
    if (!market) {
      throw new AdminUsageError(
        `no market prices ${from} against ${to}: add ${candidates.join(' or ')} with "config instrument" or name it with --market`,
      );
    }
    try {
      marketCoins(market.symbol, from, to);
    } catch {
      throw new AdminUsageError(`--market must be ${from}${to} or ${to}${from}`);
    }

    const limit = (name: 'min' | 'max') => {
      const raw = values[name];
      if (
        typeof raw !== 'string' ||
        !isDecimalString(raw) ||
        !dec(raw).greaterThan(0) ||
        scaleOf(raw) > fromCoin.precision
      ) {
        throw new AdminUsageError(
          `--${name} must be a positive amount of ${from} with at most ${fromCoin.precision} decimals`,
        );
      }
      return fmt(dec(raw));
    };
    const sort = sortOption(values.sort);
    const row = {
      from,
      to,
      market: market.symbol,
      spreadPercent: percent(values.spread, 'spread'),
      feePercent: percent(values.fee, 'fee'),
      min: limit('min'),
      max: limit('max'),
      sort,
      enabled: values.disable !== true,
    };
    if (dec(row.max).lessThan(dec(row.min))) throw new AdminUsageError('need min <= max');
    const { from: _f, to: _t, ...changes } = row;
    await ctx.db
      .insert(exchangePairs)
      .values(row)
      .onConflictDoUpdate({ target: [exchangePairs.from, exchangePairs.to], set: changes });
    return {
      text: `exchange pair ${pairId(from, to)} saved (market ${row.market}${row.enabled ? '' : ', disabled'})`,
      json: { pair: pairId(from, to), ...row },
    };
  },
};

export const exchangePairsCommand: AdminCommand = {
  name: 'exchange pairs',
  summary: 'List the flash exchange pairs, enabled or not',
  usage: 'exchange pairs',
  mutating: false,
  options: {},
  async run(ctx) {
    const rows = await ctx.db
      .select()
      .from(exchangePairs)
      .orderBy(asc(exchangePairs.sort), asc(exchangePairs.from), asc(exchangePairs.to));
    const list = rows.map((r) => ({
      pair: pairId(r.from, r.to),
      market: r.market,
      spreadPercent: fmt(dec(r.spreadPercent)),
      feePercent: fmt(dec(r.feePercent)),
      min: fmt(dec(r.min)),
      max: fmt(dec(r.max)),
      enabled: r.enabled,
    }));
    const text = list
      .map(
        (p) =>
          `${p.pair.padEnd(12)} ${p.market.padEnd(10)} spread ${p.spreadPercent}% fee ${p.feePercent}% ${p.min}..${p.max}${p.enabled ? '' : ' (disabled)'}`,
      )
      .join('\n');
    return { text: text || 'no pairs', json: list };
  },
};
