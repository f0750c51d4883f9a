/**
 * Live prices: the Server-Sent Events stream of ticks for the symbols a screen shows
 * (`GET /adc/stream/ticks?symbols=A,B`, `event: tick`, `data: <Quote>`), with polling as the
 * fallback. The browser's EventSource reconnects by itself after a dropped connection and sends
 * `Last-Event-ID`, so the server can resume; while it is not connected the screen polls.
 */
import { type RefObject, startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Quote } from '../../../protocol/markets.ts';

/** Decimal arithmetic on ticks (./quote-math.ts, with protocol/money.ts), loaded with the first stream. */
export type QuoteMath = typeof import('./quote-math.ts');
let quoteMath: QuoteMath | null = null;
let loadingQuoteMath: Promise<QuoteMath> | null = null;

/**
 * The arithmetic a tick needs (its move of the 24-hour change, whether a price rose or fell),
 * loaded once: not with the first page, whose rows are shown as the server sends them, but when
 * a screen subscribes to ticks, before the stream opens. A failed load (offline, no cached copy)
 * may be tried again.
 */
export function loadQuoteMath(): Promise<QuoteMath> {
  loadingQuoteMath ??= import('./quote-math.ts').then(
    (module) => {
      quoteMath = module;
      return module;
    },
    (error: unknown) => {
      loadingQuoteMath = null;
      throw error;
    },
  );
  return loadingQuoteMath;
}

export const TICKS_PATH = '/adc/stream/ticks';

/** `stream`: ticks arrive over SSE; `polling`: the stream is down and the screen polls. */
export type LiveMode = 'connecting' | 'stream' | 'polling';

/** After the server refused the stream outright (not a dropped connection), try again this late. */
const STREAM_RETRY_MS = 30_000;

/** Every stream open on the page, so that a version change can close them (see closeStreams). */
const openStreams = new Set<EventSource>();

/**
 * Closes every tick stream for good. Chromium does not let a new service worker take over while
 * a stream runs through the old one, so the "update" button calls this first; the page reloads
 * right after, and its screens open new streams.
 */
export function closeStreams(): void {
  for (const source of openStreams) source.close();
  openStreams.clear();
}

function isQuote(value: unknown): value is Quote {
  const q = value as Partial<Quote> | null;
  return typeof q === 'object' && q !== null && typeof q.symbol === 'string' && typeof q.last === 'string';
}

/**
 * Collects ticks and hands over the latest of each symbol once per frame (`schedule`), in the
 * order the symbols first arrived.
 */
export function tickBatcher(
  deliver: (quote: Quote) => void,
  schedule: (callback: () => void) => number = requestAnimationFrame,
  cancel: (handle: number) => void = cancelAnimationFrame,
) {
  const pending = new Map<string, Quote>();
  let frame = 0;
  const flush = () => {
    frame = 0;
    const quotes = [...pending.values()];
    pending.clear();
    for (const quote of quotes) deliver(quote);
  };
  return {
    add(quote: Quote): void {
      pending.set(quote.symbol, quote);
      frame ||= schedule(flush);
    },
    stop(): void {
      cancel(frame);
      frame = 0;
      pending.clear();
    },
  };
}

/**
 * Subscribes to the ticks of `symbols` while mounted. `onQuote` may change on every render; the
 * subscription only restarts when the set of symbols does. Each tick comes with the arithmetic to
 * apply it (loaded before the stream opens; see loadQuoteMath).
 *
 * Ticks are handed over once per animation frame, the latest per symbol: the server sends every
 * symbol's tick each second, and a screen of many symbols would otherwise render once per tick.
 * Within one frame React draws them all in one render; while the page is hidden no frame runs,
 * so nothing is drawn, and on return only the latest price of each symbol is.
 */
export function useTicks(
  symbols: readonly string[],
  onQuote: (quote: Quote, math: QuoteMath) => void,
): LiveMode {
  const [mode, setMode] = useState<LiveMode>('connecting');
  const handler = useRef(onQuote);
  handler.current = onQuote;
  const key = [...new Set(symbols)].sort().join(',');

  useEffect(() => {
    if (!key) return;
    if (typeof EventSource === 'undefined') {
      setMode('polling');
      return;
    }
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    // As a transition: a frame's prices are rendered in slices that yield to a tap, not in one
    // task every second (each such task counted into Lighthouse's total blocking time).
    const batch = tickBatcher((quote) => {
      const math = quoteMath;
      if (math) startTransition(() => handler.current(quote, math));
    });
    const open = () => {
      source = new EventSource(`${TICKS_PATH}?symbols=${encodeURIComponent(key)}`);
      openStreams.add(source);
      source.addEventListener('open', () => setMode('stream'));
      source.addEventListener('tick', (event) => {
        try {
          const quote: unknown = JSON.parse((event as MessageEvent<string>).data);
          if (isQuote(quote)) batch.add(quote);
        } catch {
          // A malformed event is skipped; the next one or the next poll brings the price.
        }
      });
      source.addEventListener('error', () => {
        setMode('polling');
        // CONNECTING: the browser is already reconnecting. CLOSED: the server answered with
        // something that is not a stream (an old server, a proxy); ask again later.
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close();
          openStreams.delete(source);
          retry = setTimeout(open, STREAM_RETRY_MS);
        }
      });
    };
    loadQuoteMath().then(
      () => {
        if (!stopped) open();
      },
      () => {
        if (!stopped) setMode('polling');
      },
    );
    return () => {
      stopped = true;
      clearTimeout(retry);
      batch.stop();
      source?.close();
      if (source) openStreams.delete(source);
      setMode('connecting');
    };
  }, [key]);

  return mode;
}

/** Calls `fn` every `ms` while mounted and the page is visible; `null` pauses. */
export function useInterval(fn: () => void, ms: number | null): void {
  const saved = useRef(fn);
  saved.current = fn;
  useEffect(() => {
    if (ms === null) return;
    const id = setInterval(() => {
      if (document.visibilityState !== 'hidden') saved.current();
    }, ms);
    return () => clearInterval(id);
  }, [ms]);
}

export type Flash = 'up' | 'down';

/**
 * Flashes the price element green or red for a moment when it rises or falls, by setting its
 * `data-flash` to the direction and one of two generations (`up-1`, `up-2`, …): the stylesheet
 * colours the price's `::after` layer by the direction and fades it with a CSS animation whose
 * name follows the generation, so each new value starts the fade again. Nothing is rendered by
 * React for it and no style is computed in script: the tick's text change and the new attribute
 * are styled together in the frame's own style pass, and the compositor runs the fade (opacity).
 *
 * The Web Animations API did the same with `animate()` on the pseudo-element, which computes its
 * style on the spot: 8-14 ms of every tick's task in a Lighthouse trace of /home, which made each
 * second's tick a long task (docs/performance.md). The fade's animation events are stopped before
 * React's root listener (`keepFlashEventsFromReact`).
 */
export function flashPrice(element: HTMLElement, direction: Flash): void {
  const generation = element.dataset.flash?.endsWith('-1') ? 2 : 1;
  element.dataset.flash = `${direction}-${generation}`;
}

/** The CSS animations that fade a flash (src/styles/markets.css). */
const FLASH_ANIMATIONS = new Set(['price-flash-1', 'price-flash-2']);

/**
 * A flash's animation events concern nobody: React listens for every animation event at its
 * root, and dispatched each one through its event system (a cold dispatch during start-up took
 * 94 ms at 4x CPU). Stopped at the window, before they reach the root.
 */
export function keepFlashEventsFromReact(target: Pick<Window, 'addEventListener'> = window): void {
  const stop = (event: Event) => {
    if (FLASH_ANIMATIONS.has((event as AnimationEvent).animationName)) event.stopImmediatePropagation();
  };
  for (const type of ['animationstart', 'animationend', 'animationcancel', 'animationiteration']) {
    target.addEventListener(type, stop, { capture: true });
  }
}

/**
 * A ref for a price element that flashes (flashPrice) whenever `value` rises or falls. The first
 * value never flashes.
 */
export function usePriceFlash<T extends HTMLElement>(value: string): RefObject<T | null> {
  const element = useRef<T>(null);
  const previous = useRef(value);
  // In the commit that shows the new price, so the flash starts in the same frame.
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (value === before) return;
    const flash = ({ compareDecimal }: QuoteMath) => {
      const order = compareDecimal(value, before);
      if (order === null || order === 0 || !element.current) return;
      flashPrice(element.current, order > 0 ? 'up' : 'down');
    };
    // A price moves by a tick, and ticks come after the arithmetic has loaded; a list refreshed
    // before any tick waits for it.
    if (quoteMath) flash(quoteMath);
    else loadQuoteMath().then(flash, () => undefined);
  }, [value]);
  return element;
}
