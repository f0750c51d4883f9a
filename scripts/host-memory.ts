/**
 * What fresh memory costs this host: the time to touch a page of memory the process has not
 * touched before, in microseconds. Lighthouse's benchmark index (scripts/lighthouse-calibrate.ts)
 * times a loop that allocates little, so it does not see this cost, but a browser loading a page
 * pays it tens of thousands of times (a fresh renderer's main thread touched ~17,000 new pages
 * loading /home). A first touch usually costs a microsecond or two at most; on one of this
 * workplace's virtual machines, which hands freed memory back to its host at once, it cost
 * 11-20 µs, and there the same build scored 0.64-0.77 at the calibrated multiplier where another
 * host of the same benchmark index had scored 0.93-0.99 (docs/performance.md). Printed beside
 * every score, so that runs on different hosts can be compared by it.
 */

import { medianOf } from './lighthouse-calibrate.ts';

const PAGE = 4096;

/** Microseconds per page for `pages` pages touched in `nanoseconds`. */
export function microsPerPage(nanoseconds: bigint, pages: number): number {
  return pages > 0 ? Number(nanoseconds) / 1000 / pages : 0;
}

/** Touches one byte of every page of a new `mib`-MiB buffer and returns the cost per page. */
export function touchFreshPages(mib = 64): number {
  const pages = (mib * 1024 * 1024) / PAGE;
  // Not zero-filled: allocUnsafe of this size maps new memory without writing it, so the loop
  // below is the first touch of each page.
  const buffer = Buffer.allocUnsafe(pages * PAGE);
  const started = process.hrtime.bigint();
  for (let offset = 0; offset < buffer.length; offset += PAGE) buffer[offset] = 1;
  return microsPerPage(process.hrtime.bigint() - started, pages);
}

/** The median of `runs` measurements, each on a buffer of its own. */
export function freshPageCost(runs = 3, mib = 64): number {
  return medianOf(Array.from({ length: runs }, () => touchFreshPages(mib)));
}

/** One phrase for the log. */
export function describeFreshPageCost(micros: number): string {
  return `fresh memory ${micros < 10 ? micros.toFixed(2) : micros.toFixed(1)} µs a page`;
}
