/** Instruments: what is traded, in which category, at what precision, spread and hours. */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { type Instrument, MARKET_CATEGORIES, type TradingHours } from '../../../protocol/markets.ts';
import { dec, isDecimalString } from '../../../protocol/money.ts';
import { upsertInstrument } from '../../modules/markets/markets.repository.ts';
import { pricePins } from '../../modules/markets/markets.schema.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';
import { requireInstrument } from '../lookups.ts';
import { decimalOption, flagOptions, valueOptions, wholeNumber } from '../options.ts';

const clock = v.pipe(v.string(), v.regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/));
const hoursSchema = v.union([
  v.object({ kind: v.literal('always') }),
  v.object({
    kind: v.literal('weekly'),
    timeZone: v.pipe(
      v.string(),
      v.check((zone) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }),
    ),
    days: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6))), v.minLength(1)),
    open: clock,
    close: clock,
  }),
]);

export const configInstrumentCommand: AdminCommand = {
  name: 'config instrument',
  summary: 'Add or change a tradable instrument',
  usage:
    'config instrument <SYMBOL> --name <name> --category <crypto|crude_oil|forex|gold|stock_index> --precision <n> --spread <price units> --hours \'{"kind":"always"}\' [--popular] [--sort <n>]',
  mutating: true,
  options: {
    ...valueOptions('name', 'category', 'precision', 'spread', 'hours', 'sort'),
    ...flagOptions('popular'),
  },
  async run(ctx, { positionals, values }) {
    const symbol = positionals[0] ?? '';
    if (!/^[A-Z0-9]{2,16}$/.test(symbol))
      throw new AdminUsageError('symbol must be 2 to 16 capital letters or digits');
    const category = String(values.category ?? '');
    if (!(MARKET_CATEGORIES as readonly string[]).includes(category) || category === 'popular') {
      throw new AdminUsageError(
        '--category must be crypto, crude_oil, forex, gold or stock_index (popular is --popular)',
      );
    }
    const precision = Number(values.precision);
    if (!Number.isInteger(precision) || precision < 0 || precision > 10)
      throw new AdminUsageError('--precision must be 0 to 10');
    const spread = String(values.spread ?? '');
    if (!isDecimalString(spread) || spread.startsWith('-'))
      throw new AdminUsageError('--spread must be a non-negative decimal');
    let hours: TradingHours;
    try {
      hours = v.parse(hoursSchema, JSON.parse(String(values.hours ?? '')));
    } catch {
      throw new AdminUsageError(
        '--hours must be {"kind":"always"} or {"kind":"weekly","timeZone":"…","days":[1,2,3,4,5],"open":"09:30","close":"16:00"}',
      );
    }
    const name = String(values.name ?? '').trim();
    if (!name) throw new AdminUsageError('--name is required');
    const instrument: Instrument = {
      symbol,
      name,
      category: category as Instrument['category'],
      popular: values.popular === true,
      precision,
      spread,
      hours,
    };
    await upsertInstrument(ctx.db, instrument, Number(values.sort ?? 0) || 0);
    return { text: `instrument ${symbol} saved`, json: instrument };
  },
};

export const marketsPinCommand: AdminCommand = {
  name: 'markets pin',
  summary:
    'Pin a bid and ask on the simulated demo feed for some minutes (demonstrations and tests of triggers)',
  usage:
    'markets pin <SYMBOL> --bid <price> --ask <price> [--minutes <1-1440>] --reason "…"   (markets unpin <SYMBOL> ends it)',
  mutating: true,
  options: valueOptions('bid', 'ask', 'minutes'),
  async run(ctx, { positionals, values }) {
    const symbol = await requireInstrument(ctx.db, positionals[0] ?? '', 'EURUSD');
    const bid = decimalOption(values.bid, 'bid', 10, true);
    const ask = decimalOption(values.ask, 'ask', 10, true);
    if (dec(ask).lessThan(dec(bid))) throw new AdminUsageError('--ask cannot be below --bid');
    const minutes = values.minutes === undefined ? 10 : wholeNumber(values.minutes, '--minutes', 1, 1440);
    const until = new Date(Date.now() + minutes * 60_000);
    await ctx.db
      .insert(pricePins)
      .values({ symbol, bid, ask, until })
      .onConflictDoUpdate({ target: pricePins.symbol, set: { bid, ask, until } });
    return {
      text: `${symbol} pinned at ${bid} / ${ask} until ${until.toISOString()} (simulated feed only)`,
      json: { symbol, bid, ask, until: until.toISOString() },
    };
  },
};

export const marketsUnpinCommand: AdminCommand = {
  name: 'markets unpin',
  summary: 'End a pinned price on the simulated demo feed',
  usage: 'markets unpin <SYMBOL> --reason "…"',
  mutating: true,
  options: {},
  async run(ctx, { positionals }) {
    const symbol = positionals[0] ?? '';
    const removed = await ctx.db.delete(pricePins).where(eq(pricePins.symbol, symbol)).returning();
    return { text: removed.length > 0 ? `${symbol} unpinned` : `${symbol} was not pinned`, json: { symbol } };
  },
};
