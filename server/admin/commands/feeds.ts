/**
 * Live price feeds (docs/markets.md, "Live feeds"): which upstream prices an instrument, and its
 * guard rails. Read by the server that starts with `MARKET_FEED=live`; a change takes effect at the
 * next start of the market producer.
 */
import { eq } from 'drizzle-orm';
import { formatFeed, parseFeed } from '../../modules/markets/live/feed-binding.ts';
import { instrumentFeeds, instruments } from '../../modules/markets/markets.schema.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';
import { decimalOption, wholeNumber } from '../options.ts';

export const configFeedCommand: AdminCommand = {
  name: 'config feed',
  summary: 'Bind an instrument to a live feed, with its markup, staleness limit and maximum jump',
  usage:
    'config feed <SYMBOL> --feed <binance:BTCUSDT|pyth:<feed id>> [--markup <price units>] [--stale-seconds <1-3600>] [--max-jump <percent>] --reason "…"   (--feed none: back to the simulated feed)',
  mutating: true,
  options: {
    feed: { type: 'string' },
    markup: { type: 'string' },
    'stale-seconds': { type: 'string' },
    'max-jump': { type: 'string' },
  },
  async run(ctx, { positionals, values }) {
    const symbol = positionals[0] ?? '';
    const [known] = await ctx.db
      .select({ symbol: instruments.symbol })
      .from(instruments)
      .where(eq(instruments.symbol, symbol));
    if (!known) throw new AdminUsageError('name a configured instrument, e.g. BTCUSDT');
    if (values.feed === 'none') {
      const removed = await ctx.db
        .delete(instrumentFeeds)
        .where(eq(instrumentFeeds.symbol, symbol))
        .returning();
      return {
        text: removed.length > 0 ? `${symbol} back on the simulated feed` : `${symbol} had no live feed`,
        json: { symbol, feed: null },
      };
    }
    const feed = parseFeed(String(values.feed ?? ''));
    if (!feed) throw new AdminUsageError('--feed must be binance:<SYMBOL> or pyth:<64 hex digits>, or none');
    const markup = values.markup === undefined ? '0' : decimalOption(values.markup, 'markup', 10, false);
    const staleSeconds =
      values['stale-seconds'] === undefined
        ? 10
        : wholeNumber(values['stale-seconds'], '--stale-seconds', 1, 3600);
    const maxJump =
      values['max-jump'] === undefined ? '5' : decimalOption(values['max-jump'], 'max-jump', 4, true);
    const row = { feed: formatFeed(feed), markup, staleMs: staleSeconds * 1000, maxJumpPercent: maxJump };
    await ctx.db
      .insert(instrumentFeeds)
      .values({ symbol, ...row })
      .onConflictDoUpdate({ target: instrumentFeeds.symbol, set: { ...row, updatedAt: new Date() } });
    return {
      text: `${symbol} priced by ${row.feed} (markup ${markup}, halted after ${staleSeconds} s without a price, moves over ${maxJump}% held until confirmed); used when the server runs with MARKET_FEED=live`,
      json: { symbol, ...row },
    };
  },
};
