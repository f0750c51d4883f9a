/**
 * Live price feeds (docs/markets.md, "Live feeds"): which upstream prices an instrument, and its
 * guard rails. Read by the server that starts with `MARKET_FEED=live`; a change takes effect at the
 * next start of the market producer.
 */
import { asc, eq } from 'drizzle-orm';
import { formatFeed, parseFeed } from '../../modules/markets/live/feed-binding.ts';
import { feedStatus, instrumentFeeds } from '../../modules/markets/markets.schema.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';
import { requireInstrument } from '../lookups.ts';
import { decimalOption, valueOptions, wholeNumber } from '../options.ts';

export const configFeedCommand: AdminCommand = {
  name: 'config feed',
  summary: 'Bind an instrument to a live feed, with its markup, staleness limit and maximum jump',
  usage:
    'config feed <SYMBOL> --feed <binance:BTCUSDT|pyth:<feed id>> [--markup <price units>] [--stale-seconds <1-3600>] [--max-jump <percent>] --reason "…"   (--feed none: back to the simulated feed)',
  mutating: true,
  options: valueOptions('feed', 'markup', 'stale-seconds', 'max-jump'),
  async run(ctx, { positionals, values }) {
    const symbol = await requireInstrument(ctx.db, positionals[0] ?? '', 'BTCUSDT');
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

/** Seconds since `then`, or `-` without a time. */
const age = (then: Date | null, now: number) =>
  then ? `${Math.max(0, Math.round((now - then.getTime()) / 1000))} s` : '-';

export const marketsStatusCommand: AdminCommand = {
  name: 'markets status',
  summary: 'Each instrument: where its prices come from, live or halted, and the age of its last tick',
  usage: 'markets status',
  mutating: false,
  options: {},
  async run(ctx) {
    const rows = await ctx.db.select().from(feedStatus).orderBy(asc(feedStatus.symbol));
    const now = Date.now();
    const newest = Math.max(0, ...rows.map((r) => r.updatedAt.getTime()));
    const lines = rows.map(
      (r) =>
        `${r.symbol.padEnd(10)} ${r.source.padEnd(20)} ${r.state.padEnd(8)} last tick ${age(r.lastTickAt, now)} ago${
          r.delayedSince ? `, delayed since ${r.delayedSince.toISOString()}` : ''
        }`,
    );
    // The producer writes every 5 s: an older record means no process is producing prices.
    const producer =
      rows.length === 0
        ? 'no market producer has recorded a status yet'
        : now - newest > 30_000
          ? `WARNING: the market producer last recorded ${age(new Date(newest), now)} ago`
          : `recorded ${age(new Date(newest), now)} ago by the market producer`;
    return {
      text: [...lines, producer].join('\n'),
      json: {
        producerRecordedAt: rows.length ? new Date(newest).toISOString() : null,
        instruments: rows.map((r) => ({
          symbol: r.symbol,
          source: r.source,
          state: r.state,
          lastTickAt: r.lastTickAt?.toISOString() ?? null,
          delayedSince: r.delayedSince?.toISOString() ?? null,
        })),
      },
    };
  },
};
