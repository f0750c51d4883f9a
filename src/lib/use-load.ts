/**
 * Loads data for a screen and tracks loading, failure and retry, so every list shows a skeleton,
 * "No data" or a retry (DESIGN.md section 8). A newer load replaces an older one still in flight.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export type Load<T> =
  | { state: 'loading'; data: null; error: null }
  | { state: 'ready'; data: T; error: null }
  | { state: 'failed'; data: null; error: string };

export function useLoad<T>(
  fetcher: () => Promise<T>,
  deps: readonly unknown[],
): Load<T> & { reload(): void } {
  const [load, setLoad] = useState<Load<T>>({ state: 'loading', data: null, error: null });
  const generation = useRef(0);
  const run = useCallback(() => {
    const mine = ++generation.current;
    setLoad({ state: 'loading', data: null, error: null });
    fetcher().then(
      (data) => mine === generation.current && setLoad({ state: 'ready', data, error: null }),
      (error: Error) =>
        mine === generation.current && setLoad({ state: 'failed', data: null, error: error.message }),
    );
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the fetch depends on
  }, deps);
  useEffect(run, [run]);
  return { ...load, reload: run };
}
