/**
 * The market data engine: keeps stored candles in step with the price source, publishes a tick
 * per instrument every second, and answers the market list, candle and quote questions. Candle
 * writing runs in one process per deployment (a PostgreSQL advisory lock elects it). On the
 * simulated source every process prices by itself, and all agree because the source is a pure
 * function of time; a live source's upstream connections are held by the elected process alone,
 * and the others price from the quotes it relays (docs/markets.md, "Live feeds").
 */
import type {
  Candle,
  Instrument,
  Interval,
  MarketListScope,
  MarketRow,
  Quote,
  TradingHours,
} from '../../../protocol/markets.ts';
import { dec, fmt } from '../../../protocol/money.ts';
import type { Database } from '../../db/client.ts';
import { CandleReader } from './candle-reader.ts';
import { DAY, MINUTE, SECOND } from './durations.ts';
import type { PriceSource } from './feed.ts';
import { recordFeedStatus } from './feed-status.ts';
import { baseOf, bucketShift, bucketStart } from './interval-buckets.ts';
import { marketRows } from './market-rows.ts';
import {
  deleteCandlesBefore,
  latestCandleTime,
  listInstruments,
  storeCandles,
} from './markets.repository.ts';
import { candles1d, candles1m, pricePins } from './markets.schema.ts';
import { backfillStart, syncRollups } from './rollups.ts';
import { TickHub } from './tick-hub.ts';
import { quotesOf, RelayedQuotes, sendQuotes, TICK_CHANNEL } from './tick-relay.ts';
import { calendarOf, dayStart, tradingDayOf } from './trading-calendar.ts';
import { nextSession } from './trading-sessions.ts';

/** The advisory lock key of the candle writer ("MKT1"). */
export const MARKET_LOCK_KEY = 0x4d4b5431;
export { RELAY_STALE_MS, TICK_CHANNEL } from './tick-relay.ts';

/** How often the producer records every feed's state for `admin markets status`. */
const STATUS_EVERY_MS = 5_000;
/** How often a process that is not the producer asks for the producer's lock. */
const ELECT_EVERY_MS = 5_000;

export interface MarketEngineOptions {
  database: Database;
  source: PriceSource;
  /** History stored on the first start: minutes of 1-minute candles, days of daily candles. */
  minuteBackfillDays?: number;
  dailyBackfillDays?: number;
  /**
   * 1-minute candles older than this are deleted: intraday charts read at most 500 candles of
   * 4h (83 days), and daily candles keep the long history. Default 90 days.
   */
  minuteRetentionDays?: number;
  /**
   * On a first start, how many closed candles of each rolled-up interval (3m .. 4h, 5D .. 6M) to
   * build from the source's history; default none (rollups then start with the next closed bucket).
   */
  rollupBackfillCandles?: number;
  now?: () => number;
}

const LIST_CACHE_MS = 2_000;

export class MarketEngine {
  readonly hub = new TickHub();
  readonly source: PriceSource;
  readonly #database: Database;
  readonly #now: () => number;
  readonly #minuteBackfill: number;
  readonly #dailyBackfill: number;
  readonly #minuteRetention: number;
  #instruments: { at: number; list: Promise<Instrument[]> } | null = null;
  #lists = new Map<MarketListScope, { at: number; rows: Promise<MarketRow[]> }>();
  /** Each cached list's JSON text, kept as long as the list's promise is. */
  #listTexts = new WeakMap<Promise<MarketRow[]>, Promise<string>>();
  #timers: NodeJS.Timeout[] = [];
  #lock: { release(): Promise<void> } | null = null;
  #unlisten: (() => Promise<void>) | null = null;
  readonly #reader: CandleReader;
  readonly #rollupBackfill: number;
  /** Prices pinned on the simulated feed (`admin markets pin`), reloaded every second. */
  #pins = new Map<string, { bid: string; ask: string; until: number }>();
  /** The producer's last relayed quote per symbol and when it arrived (live sources only). */
  #relayed = new RelayedQuotes();
  /** Whether this process takes ticks from the producer's relay (PostgreSQL, once started). */
  #relaying = false;
  /** Each instrument's trading hours as last read, for when a closed market opens again. */
  #hours = new Map<string, TradingHours>();
  /** The next opening of each closed market, for the hours it was computed from (see #opensAt). */
  #opening = new Map<string, { hours: TradingHours; from: number; opensAt: number }>();
  /** Symbols an upstream message moved since the last send (a live source's producer only). */
  #moved = new Set<string>();

  constructor(options: MarketEngineOptions) {
    this.#database = options.database;
    this.source = options.source;
    this.#now = options.now ?? Date.now;
    this.#minuteBackfill = (options.minuteBackfillDays ?? 3) * DAY;
    this.#dailyBackfill = (options.dailyBackfillDays ?? 6 * 365) * DAY;
    this.#minuteRetention = (options.minuteRetentionDays ?? 90) * DAY;
    this.#rollupBackfill = options.rollupBackfillCandles ?? 0;
    this.#reader = new CandleReader(() => this.#database.db);
  }

  /** Enabled instruments the source can price, cached for a few seconds. */
  instruments(): Promise<Instrument[]> {
    const now = this.#now();
    if (!this.#instruments || now - this.#instruments.at > 10_000) {
      const known = new Set(this.source.instruments.map((i) => i.symbol));
      const list = listInstruments(this.#database.db).then((all) => {
        // What the operator changed (hours, precision) reaches the running source here.
        this.source.updateInstruments?.(all);
        this.#hours = new Map(all.map((i) => [i.symbol, i.hours]));
        return all.filter((i) => known.has(i.symbol));
      });
      list.catch(() => {
        this.#instruments = null;
      });
      this.#instruments = { at: now, list };
    }
    return this.#instruments.list;
  }

  async instrument(symbol: string): Promise<Instrument | undefined> {
    return (await this.instruments()).find((i) => i.symbol === symbol);
  }

  /** Stores every complete minute and trading day the database lacks (idempotent). */
  async syncCandles(now = this.#now()): Promise<void> {
    const { db } = this.#database;
    for (const instrument of await this.instruments()) {
      const { symbol } = instrument;
      const calendar = calendarOf(instrument.hours);
      const lastMinute = await latestCandleTime(db, candles1m, symbol);
      const minuteTo = Math.floor(now / MINUTE) * MINUTE;
      // A first start stores the backfill's days, or enough trading minutes for a chart of
      // 1-minute candles if that is more (a stock index trades a few hours a day); a later start
      // fills everything since the last stored minute, up to the retention.
      const minuteFrom = Math.max(
        lastMinute === null
          ? Math.min(
              now - this.#minuteBackfill,
              backfillStart(instrument, '1m', minuteTo, this.#rollupBackfill, now - this.#minuteRetention),
            )
          : lastMinute + MINUTE,
        now - this.#minuteRetention,
      );
      for (let from = minuteFrom; from < minuteTo; from += 7 * DAY) {
        const to = Math.min(minuteTo, from + 7 * DAY);
        await storeCandles(db, candles1m, symbol, await this.source.minuteBars(symbol, from, to));
      }
      const lastDay = await latestCandleTime(db, candles1d, symbol);
      const dayFrom = Math.max(lastDay === null ? 0 : lastDay + 1, now - this.#dailyBackfill);
      const dayTo = dayStart(tradingDayOf(now, calendar), calendar);
      if (dayFrom < dayTo)
        await storeCandles(db, candles1d, symbol, await this.source.dailyBars(symbol, dayFrom, dayTo));
      await syncRollups({
        db,
        source: this.source,
        instrument,
        now,
        backfillCandles: this.#rollupBackfill,
        historyFrom: now - this.#dailyBackfill,
      });
      await deleteCandlesBefore(db, candles1m, symbol, now - this.#minuteRetention);
    }
  }

  /**
   * Runs the engine. One process per deployment is the producer (it holds MARKET_LOCK_KEY): it
   * writes candles every minute and, on PostgreSQL, sends each second's quotes to every process by
   * NOTIFY on TICK_CHANNEL. Every process, the producer too, listens there and streams what
   * arrives to its own SSE clients, so clients on any process see the same prices in the same order.
   * A process that is not the producer asks for the lock every few seconds and takes over when the
   * producer dies.
   */
  async start(log: { info(msg: string): void; error(obj: unknown, msg: string): void }): Promise<void> {
    // PGlite is one process by construction: it publishes to its own clients directly, and only
    // when it has any (the relay costs a query a second for nobody).
    const relay = this.#database.kind === 'postgres';
    // Before anything prices: the trigger job starts once this resolves, and its first run must
    // see the operator's pins, not the feed's own price (a restart would fill or close at it).
    await this.loadPins();
    if (relay) {
      this.#unlisten = await this.#database.listen(TICK_CHANNEL, (payload) => this.#receive(payload));
      this.#relaying = true;
    }
    const elect = async () => {
      if (this.#lock) return;
      const lock = await this.#database.tryAdvisoryLock(MARKET_LOCK_KEY);
      if (!lock.acquired) return;
      this.#lock = lock;
      log.info('market producer: this process writes candles and sends ticks');
      this.source.start?.((symbol) => this.#sendSoon(symbol, relay, log));
      await this.syncCandles();
    };
    await elect();
    if (!this.#lock) log.info('market producer: another process writes candles and sends ticks');
    this.#timers.push(
      setInterval(() => {
        if (this.#lock)
          this.syncCandles().catch((error: unknown) => log.error({ err: error }, 'candle sync failed'));
      }, MINUTE),
      setInterval(() => {
        elect().catch((error: unknown) => log.error({ err: error }, 'market producer election failed'));
      }, ELECT_EVERY_MS),
      setInterval(() => {
        if (this.#lock)
          this.recordStatus().catch((error: unknown) =>
            log.error({ err: error }, 'feed status not recorded'),
          );
      }, STATUS_EVERY_MS),
      setInterval(() => {
        void this.loadPins()
          .catch((error: unknown) => log.error({ err: error }, 'price pins not loaded'))
          .then(() => (!this.#lock ? undefined : relay ? this.relayTicks() : this.publishTicks()))
          .catch((error: unknown) => log.error({ err: error }, 'ticks not sent'));
      }, SECOND),
    );
  }

  /** The producer's second: every instrument's quote, sent to all processes in payloads under 8 kB. */
  async relayTicks(now = this.#now()): Promise<void> {
    await sendQuotes(
      this.#database,
      (await this.instruments()).map((i) => this.quote(i.symbol, now)),
    );
  }

  /**
   * An upstream message moved `symbol`'s quote: it goes out in this turn of the event loop's send
   * (every symbol moved meanwhile in one payload), not with the next second's quotes, so that a
   * screen follows the feed tick by tick (bench/live-feed.ts measures the way to 1,000 clients).
   */
  #sendSoon(symbol: string, relay: boolean, log: { error(obj: unknown, msg: string): void }): void {
    if (this.#moved.size === 0) {
      setImmediate(() => {
        const now = this.#now();
        const quotes = [...this.#moved].map((s) => this.quote(s, now));
        this.#moved.clear();
        // Stopped meanwhile: another process holds the feed now (or nothing does).
        if (!this.#lock) return;
        if (relay)
          sendQuotes(this.#database, quotes).catch((error: unknown) =>
            log.error({ err: error }, 'ticks not sent'),
          );
        else for (const quote of quotes) this.hub.publish(quote);
      });
    }
    this.#moved.add(symbol);
  }

  #receive(payload: string): void {
    const at = this.#now();
    for (const quote of quotesOf(payload)) {
      if (!this.source.simulated) this.#relayed.remember(quote, at);
      this.hub.publish(quote);
    }
  }

  /** Whether `symbol` is priced by the simulated source (its screens say so; pins hold only there). */
  isSimulated(symbol: string): boolean {
    return this.source.isSimulated?.(symbol) ?? this.source.simulated;
  }

  /** Reads the operator's pins; only simulated instruments honour them, never a live feed's. */
  async loadPins(): Promise<void> {
    const rows = (await this.#database.db.select().from(pricePins)).filter((r) => this.isSimulated(r.symbol));
    this.#pins = new Map(
      rows.map((r) => [r.symbol, { bid: fmt(dec(r.bid)), ask: fmt(dec(r.ask)), until: r.until.getTime() }]),
    );
  }

  async publishTicks(now = this.#now()): Promise<void> {
    if (this.hub.subscribers === 0) return;
    for (const instrument of await this.instruments()) this.hub.publish(this.quote(instrument.symbol, now));
  }

  async stop(): Promise<void> {
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers = [];
    await this.#unlisten?.();
    this.#unlisten = null;
    this.#relaying = false;
    this.source.stop?.();
    await this.#lock?.release();
    this.#lock = null;
  }

  quote(symbol: string, now = this.#now()): Quote {
    if (!this.source.simulated && this.#relaying && !this.#lock) return this.#relayed.quote(symbol, now);
    const tick = this.source.tickAt(symbol, now);
    const pin = this.#pins.get(symbol);
    // A pin holds while the market is open and until it runs out.
    if (pin && now < pin.until && tick.open) return { ...tick, bid: pin.bid, ask: pin.ask, last: pin.bid };
    // Closed by its hours (not halted): when it opens again.
    const hours = tick.open || tick.delayedSince !== undefined ? undefined : this.#hours.get(symbol);
    const opensAt = hours ? this.#opensAt(symbol, hours, now) : undefined;
    return opensAt === undefined ? tick : { ...tick, opensAt };
  }

  /**
   * When a closed market opens again. Every quote of a closed market asks (a weekend's forex on
   * every tick and every stream), and the answer holds until that moment for the same hours, so
   * it is computed once per closure.
   */
  #opensAt(symbol: string, hours: TradingHours, now: number): number | undefined {
    const known = this.#opening.get(symbol);
    if (known && known.hours === hours && now >= known.from && now < known.opensAt) return known.opensAt;
    const opensAt = nextSession(hours, now)?.open;
    if (opensAt === undefined) this.#opening.delete(symbol);
    else this.#opening.set(symbol, { hours, from: now, opensAt });
    return opensAt;
  }

  /** The producer's record of every instrument's feed (server/modules/markets/feed-status.ts). */
  async recordStatus(now = this.#now()): Promise<void> {
    const rows = (await this.instruments()).map((i) => ({
      quote: this.quote(i.symbol, now),
      source: this.source.sourceOf?.(i.symbol) ?? (this.source.simulated ? 'simulated' : 'live'),
    }));
    await recordFeedStatus(this.#database.db, rows, now);
  }

  /** Up to `limit` candles of `interval` ending at `end`, oldest first, the last one live. */
  async candles(
    instrument: Instrument,
    interval: Interval,
    end: number | undefined,
    limit: number,
  ): Promise<Candle[]> {
    const now = this.#now();
    const until = Math.min(end ?? now, now);
    const calendar = calendarOf(instrument.hours);
    const { db } = this.#database;
    const live = until >= now - MINUTE ? this.source.currentBar(instrument.symbol, now) : null;
    // A closed market counts back from its last stored candle, so "the last 300 candles" of
    // EUR/USD on a Saturday are Friday's and before, not an empty weekend.
    const table = baseOf(interval) === '1m' ? candles1m : candles1d;
    const lastStored = live ? null : await latestCandleTime(db, table, instrument.symbol, until);
    const anchor = lastStored ?? until;
    const from = bucketShift(interval, bucketStart(interval, anchor, calendar), -(limit - 1), calendar);
    const rows = await this.#reader.read(instrument, interval, from, until, limit, live, until >= now);
    return rows.slice(-limit);
  }

  /** One category's rows: last price, 24 h change, high, low and a sparkline. */
  marketList(category: MarketListScope): Promise<MarketRow[]> {
    const now = this.#now();
    const cached = this.#lists.get(category);
    if (cached && now - cached.at < LIST_CACHE_MS) return cached.rows;
    const rows = this.#buildList(category, now);
    rows.catch(() => this.#lists.delete(category));
    this.#lists.set(category, { at: now, rows });
    return rows;
  }

  /**
   * The same rows as JSON text, serialized once per cached list rather than once per request (the
   * market list is the home screen's call, answered from the cache for LIST_CACHE_MS at a time).
   */
  async marketListJson(category: MarketListScope): Promise<string> {
    const rows = this.marketList(category);
    let text = this.#listTexts.get(rows);
    if (text === undefined) {
      text = rows.then((value) => JSON.stringify(value));
      this.#listTexts.set(rows, text);
    }
    return text;
  }

  async #buildList(category: MarketListScope, now: number): Promise<MarketRow[]> {
    const list = (await this.instruments()).filter((i) =>
      category === 'all' ? true : category === 'popular' ? i.popular : i.category === category,
    );
    return marketRows(this.#database.db, list, (symbol) => this.quote(symbol, now));
  }
}

declare module '../../http/handler.ts' {
  interface Services {
    /** The market data engine, or null where the server runs without one. */
    markets: MarketEngine | null;
  }
}
