/**
 * A market list kept live: ticks from the stream move the last prices (and the 24-hour change
 * with them) as they happen, and the whole list is fetched again now and then for the 24-hour
 * figures and sparklines: every 30 s while the stream is connected, every 5 s while it is not.
 */
import { useCallback, useState } from 'react';
import type { MarketListScope, MarketRow, Quote } from '../../../protocol/markets.ts';
import { refreshMarkets } from './api.ts';
import { type LiveMode, type QuoteMath, useInterval, useTicks } from './live.ts';

export const LIST_POLL_MS = 5_000;
export const LIST_REFRESH_MS = 30_000;

export function useLiveRows(
  category: MarketListScope,
  initial: MarketRow[],
): { rows: MarketRow[]; mode: LiveMode } {
  const [rows, setRows] = useState(initial);
  const onQuote = useCallback((quote: Quote, { applyQuote }: QuoteMath) => {
    setRows((current) => {
      let changed = false;
      const next = current.map((row) => {
        const moved = applyQuote(row, quote);
        if (moved !== row) changed = true;
        return moved;
      });
      return changed ? next : current;
    });
  }, []);
  const mode = useTicks(
    rows.map((r) => r.symbol),
    onQuote,
  );
  useInterval(
    () => {
      refreshMarkets(category).then(setRows, () => undefined);
    },
    mode === 'stream' ? LIST_REFRESH_MS : LIST_POLL_MS,
  );
  return { rows, mode };
}
