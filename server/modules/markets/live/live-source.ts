/**
 * The live `PriceSource` (docs/markets.md, "Live feeds"): instruments bound to an exchange symbol
 * follow its book ticker and trades, instruments bound to an oracle feed follow its prices, and
 * every other instrument stays on the simulated source, which says so. Every upstream price passes
 * its instrument's guard (./feed-guard.ts) before it is a quote; an instrument whose feed has gone
 * quiet answers closed with `delayedSince`, so nothing fills, triggers or quotes at its old price.
 *
 * It runs in the market producer (one process per deployment holds the upstream connections); the
 * other processes receive its quotes through the tick relay (../engine.ts).
 */
import type { Candle, Instrument, Quote } from '../../../../protocol/markets.ts';
import { exact, fmt, ROUND_HALF_UP, rounded } from '../../../../protocol/money.ts';
import { noQuoteYet, type PriceSource, type SimulatedSource } from '../feed.ts';
import { isOpenAt } from '../trading-sessions.ts';
import {
  type BinanceMessage,
  combinedStreamUrl,
  KLINES_LIMIT,
  klinesUrl,
  parseKlines,
} from './binance-messages.ts';
import { BinanceStream } from './binance-stream.ts';
import { formatFeed, type LiveBinding } from './feed-binding.ts';
import { FeedGuard, type GuardEvent } from './feed-guard.ts';
import { HermesStream } from './hermes-stream.ts';
import { MinuteBars } from './minute-bars.ts';
import { type PythPrice, quoteFromOracle, streamUrl } from './pyth-messages.ts';
import type { KeepOptions } from './reconnecting.ts';
import { widen } from './widen.ts';

export type { FeedBinding, LiveBinding } from './feed-binding.ts';

export interface LiveSourceOptions {
  instruments: readonly Instrument[];
  bindings: ReadonlyMap<string, LiveBinding>;
  /** Prices for the instruments no feed is bound to. */
  fallback: SimulatedSource;
  binance: { streamBase: string; restBase: string };
  pyth: { base: string; apiKey: string | null };
  /** Where held, confirmed and dropped ticks are logged (settable later: the logger comes after the engine). */
  log?: (event: GuardEvent & { symbol: string }) => void;
  keep?: KeepOptions;
  now?: () => number;
}

interface Live {
  instrument: Instrument;
  binding: LiveBinding;
  guard: FeedGuard;
  bars: MinuteBars;
  quote: { bid: string; ask: string; last: string; at: number } | null;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

export class LiveSource implements PriceSource {
  readonly simulated = false;
  readonly instruments: readonly Instrument[];
  private readonly live = new Map<string, Live>();
  private readonly byRemote = new Map<string, Live>();
  private readonly byFeedId = new Map<string, Live>();
  private readonly options: LiveSourceOptions;
  private readonly streams: { start(): void; stop(): void }[] = [];
  private log: (event: GuardEvent & { symbol: string }) => void;
  /** Told of every symbol whose quote an upstream message moved (the engine sends it on at once). */
  private moved: (symbol: string) => void = () => undefined;

  constructor(options: LiveSourceOptions) {
    this.options = options;
    this.log = options.log ?? (() => undefined);
    this.instruments = options.instruments;
    for (const instrument of options.instruments) {
      const binding = options.bindings.get(instrument.symbol);
      if (!binding) continue;
      const entry: Live = {
        instrument,
        binding,
        guard: new FeedGuard(binding),
        bars: new MinuteBars(),
        quote: null,
      };
      this.live.set(instrument.symbol, entry);
      if (binding.feed.kind === 'binance') this.byRemote.set(binding.feed.remote, entry);
      else this.byFeedId.set(binding.feed.id, entry);
    }
  }

  setLog(log: (event: GuardEvent & { symbol: string }) => void): void {
    this.log = log;
  }

  sourceOf(symbol: string): string {
    const entry = this.live.get(symbol);
    return entry ? formatFeed(entry.binding.feed) : 'simulated';
  }

  /** Hours and precision as configured now, for the bound instruments and the simulated rest. */
  updateInstruments(configured: readonly Instrument[]): void {
    for (const next of configured) {
      const entry = this.live.get(next.symbol);
      if (entry) entry.instrument = next;
    }
    this.options.fallback.updateInstruments?.(configured);
  }

  /** Whether `symbol` is priced by the simulated source (its screens then say so). */
  isSimulated(symbol: string): boolean {
    return !this.live.has(symbol);
  }

  /** Opens one connection per upstream for every bound instrument. */
  start(moved?: (symbol: string) => void): void {
    if (moved) this.moved = moved;
    const remotes = [...this.byRemote.keys()];
    if (remotes.length > 0) {
      const url = combinedStreamUrl(this.options.binance.streamBase, remotes);
      this.streams.push(new BinanceStream(url, (m, at) => this.onExchange(m, at), this.options.keep));
    }
    const ids = [...this.byFeedId.keys()];
    if (ids.length > 0) {
      const url = streamUrl(this.options.pyth.base, ids);
      this.streams.push(
        new HermesStream(url, this.options.pyth.apiKey, (p, at) => this.onOracle(p, at), this.options.keep),
      );
    }
    for (const s of this.streams) s.start();
  }

  stop(): void {
    for (const s of this.streams) s.stop();
    this.streams.length = 0;
  }

  /** One exchange message: a book ticker moves bid and ask, a trade moves last and the bar's volume. */
  onExchange(message: BinanceMessage, receivedAt: number): void {
    const entry = this.byRemote.get(message.symbol);
    if (!entry) return;
    if (message.kind === 'book') {
      const quote = widen(message.bid, message.ask, entry.binding.markup, entry.instrument.precision);
      if (quote) this.offer(entry, { ...quote, at: receivedAt, seq: message.updateId }, null);
      return;
    }
    const current = entry.quote;
    // A trade is not a quote: it moves `last` (and the volume) of a quote the guard accepted.
    if (!current || !entry.guard.live(receivedAt)) return;
    const last = rounded(exact(message.price), entry.instrument.precision, ROUND_HALF_UP);
    entry.quote = { ...current, last };
    entry.bars.add(last, receivedAt, message.quantity);
    this.moved(entry.instrument.symbol);
  }

  /** Oracle prices: each is a quote of its own (price ± confidence, widened). */
  onOracle(prices: readonly PythPrice[], receivedAt: number): void {
    for (const p of prices) {
      const entry = this.byFeedId.get(p.id);
      if (!entry) continue;
      const quote = quoteFromOracle(p, entry.binding.markup, entry.instrument.precision);
      const last = rounded(exact(p.price), entry.instrument.precision, ROUND_HALF_UP);
      if (quote) this.offer(entry, { ...quote, at: receivedAt, seq: p.publishedAt }, last);
    }
  }

  private offer(
    entry: Live,
    tick: { bid: string; ask: string; at: number; seq: number },
    last: string | null,
  ): void {
    for (const event of entry.guard.offer(tick)) {
      if (event.kind !== 'accepted') this.log({ ...event, symbol: entry.instrument.symbol });
      if (event.kind === 'accepted' || event.kind === 'confirmed') {
        const t = event.tick;
        const mid = fmt(
          exact(t.bid).plus(t.ask).dividedBy(2).toDecimalPlaces(entry.instrument.precision, ROUND_HALF_UP),
        );
        entry.quote = {
          bid: t.bid,
          ask: t.ask,
          last: (event.tick === tick ? last : null) ?? entry.quote?.last ?? mid,
          at: t.at,
        };
        entry.bars.add(entry.quote.last, t.at);
        this.moved(entry.instrument.symbol);
      }
    }
  }

  tickAt(symbol: string, ms: number): Quote {
    const entry = this.live.get(symbol);
    if (!entry) return this.options.fallback.tickAt(symbol, ms);
    const q = entry.quote;
    const inHours = isOpenAt(entry.instrument.hours, ms);
    if (!q) return noQuoteYet(symbol);
    const live = entry.guard.live(ms);
    return {
      symbol,
      bid: q.bid,
      ask: q.ask,
      last: q.last,
      at: q.at,
      open: inHours && live,
      ...(live || !inHours ? {} : { delayedSince: entry.guard.staleSince() ?? q.at }),
    };
  }

  currentBar(symbol: string, ms: number): Candle | null {
    const entry = this.live.get(symbol);
    return entry ? entry.bars.currentAt(ms) : this.options.fallback.currentBar(symbol, ms);
  }

  /**
   * History for the candle writer: the exchange's own 1-minute klines (so a gap in the stream is
   * backfilled), else the bars built from the feed; never replayed into triggers, which only ever
   * see the quote of now.
   */
  async minuteBars(symbol: string, fromMs: number, toMs: number): Promise<Candle[]> {
    const entry = this.live.get(symbol);
    if (!entry) return this.options.fallback.minuteBars(symbol, fromMs, toMs);
    const now = (this.options.now ?? Date.now)();
    const built = entry.bars.between(fromMs, toMs, now);
    if (entry.binding.feed.kind !== 'binance') return built;
    const fetched = await this.klines(entry.binding.feed.remote, fromMs, Math.min(toMs, now) - 1).catch(
      () => [],
    );
    const byTime = new Map(built.map((c) => [c.time, c]));
    for (const c of fetched) if (c.time + MINUTE <= now) byTime.set(c.time, c);
    return [...byTime.values()].sort((a, b) => a.time - b.time);
  }

  /**
   * Daily history: the exchange's daily klines (a crypto trading day starts at 00:00 UTC, as
   * Binance's do); an oracle has none, so an oracle-priced instrument's daily candles start with
   * its first live day.
   */
  async dailyBars(symbol: string, fromMs: number, toMs: number): Promise<Candle[]> {
    const entry = this.live.get(symbol);
    if (!entry) return this.options.fallback.dailyBars(symbol, fromMs, toMs);
    if (entry.binding.feed.kind !== 'binance') return [];
    const now = (this.options.now ?? Date.now)();
    const bars = await this.klines(entry.binding.feed.remote, fromMs, Math.min(toMs, now) - 1, '1d').catch(
      () => [],
    );
    return bars.filter((c) => c.time + DAY <= now);
  }

  private async klines(
    remote: string,
    fromMs: number,
    toMs: number,
    interval: '1m' | '1d' = '1m',
  ): Promise<Candle[]> {
    const step = interval === '1m' ? MINUTE : DAY;
    const out: Candle[] = [];
    for (let start = fromMs; start <= toMs; ) {
      const response = await fetch(klinesUrl(this.options.binance.restBase, remote, start, toMs, interval));
      if (!response.ok) break;
      const page = parseKlines(await response.json());
      out.push(...page);
      if (page.length < KLINES_LIMIT) break;
      start = (page.at(-1)?.time ?? toMs) + step;
    }
    return out;
  }
}
