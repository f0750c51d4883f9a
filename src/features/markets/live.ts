/**
 * Live prices: the Server-Sent Events stream of ticks for the symbols a screen shows
 * (`GET /adc/stream/ticks?symbols=A,B`, `event: tick`, `data: <Quote>`), with polling as the
 * fallback. The browser's EventSource reconnects by itself after a dropped connection and sends
 * `Last-Event-ID`, so the server can resume; while it is not connected the screen polls.
 */
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Quote } from '../../../protocol/markets.ts';
import { compareDecimal } from '../../lib/format.ts';

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
 * subscription only restarts when the set of symbols does.
 *
 * Ticks are handed over once per animation frame, the latest per symbol: the server sends every
 * symbol's tick each second, and a screen of many symbols would otherwise render once per tick.
 * Within one frame React draws them all in one render; while the page is hidden no frame runs,
 * so nothing is drawn, and on return only the latest price of each symbol is.
 */
export function useTicks(symbols: readonly string[], onQuote: (quote: Quote) => void): LiveMode {
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
    const batch = tickBatcher((quote) => handler.current(quote));
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
    open();
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

const FLASH_MS = 700;

/** The user's reduced-motion setting, asked for once: a flash runs for every moved price. */
let reducedMotionQuery: MediaQueryList | null | undefined;
function reducedMotion(): MediaQueryList | null {
  reducedMotionQuery ??=
    typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
  return reducedMotionQuery;
}

/**
 * Flashes the price element green or red for a moment when it rises or falls: sets `data-flash`
 * (whose `::after` layer the stylesheet colours) and fades that layer out with the Web Animations
 * API. Done on the element, not in React state: a state flash rendered each moving price twice
 * more per tick (on and off), and a CSS animation's start and end events went through React's
 * root listener (one such dispatch took 94 ms at 4x CPU during start-up, docs/performance.md). The
 * compositor runs the fade (opacity only).
 *
 * A tick moves many prices in one commit, so the flashes are queued and started together right
 * after it: every `data-flash` first, then every animation. Set and animated one price at a time,
 * each `animate()` on a pseudo-element recomputed the style the previous attribute had just made
 * stale: half of a tick's script time in a trace of /home at 4x CPU.
 */
export function flashPrice(element: HTMLElement, direction: Flash): void {
  if (pendingFlashes.size === 0) queueMicrotask(startFlashes);
  pendingFlashes.set(element, direction);
}

const pendingFlashes = new Map<HTMLElement, Flash>();

function startFlashes(): void {
  const flashes = [...pendingFlashes];
  pendingFlashes.clear();
  for (const [element, direction] of flashes) element.dataset.flash = direction;
  if (reducedMotion()?.matches) return;
  for (const [element] of flashes) {
    if (typeof element.animate !== 'function') continue;
    element.animate([{ opacity: 1 }, { opacity: 0 }], {
      duration: FLASH_MS,
      easing: 'ease-out',
      pseudoElement: '::after',
    });
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
    const order = compareDecimal(value, before);
    if (order === null || order === 0 || !element.current) return;
    flashPrice(element.current, order > 0 ? 'up' : 'down');
  }, [value]);
  return element;
}
