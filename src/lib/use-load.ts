/**
 * Loads data for a screen and tracks loading, failure and retry, so every list shows a skeleton,
 * "No data" or a retry (docs/spec/design.md section 8). A newer load replaces an older one still in flight.
 * When the connection returns, the screen fetches again quietly: what it shows stays on screen
 * until the fresh answer replaces it.
 */
import { useSignalEffect } from '@preact/signals-react';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { reconnects } from './network.ts';

export type Load<T> =
  | { state: 'loading'; data: null; error: null }
  | { state: 'ready'; data: T; error: null }
  | { state: 'failed'; data: null; error: string };

/** The one loading state: setting it again is no change, so React renders nothing for it. */
const LOADING: Load<never> = { state: 'loading', data: null, error: null };

/**
 * What a load shows while a fetch is in flight: the state it already has when that is loading.
 * A screen's load starts in an effect right after its first render; a fresh loading object there
 * was a state change, and React rendered the whole screen again, synchronously, in the task of
 * that first render's effects (docs/performance.md, "thirteenth").
 */
export function loadingFrom<T>(current: Load<T>): Load<T> {
  return current.state === 'loading' ? current : LOADING;
}

/**
 * What a load shows once its fetch has answered: the state it has when that already shows this very
 * answer. A screen that rendered with the answer its page brought (the first screen's, see
 * `initial`) fetches quietly and takes that same answer; a new state object there rendered the
 * screen a second time for nothing, right after the browser had taken over the server's render.
 */
export function answeredWith<T>(current: Load<T>, data: T): Load<T> {
  return current.state === 'ready' && current.data === data ? current : { state: 'ready', data, error: null };
}

export function useLoad<T>(
  fetcher: () => Promise<T>,
  deps: readonly unknown[],
  /**
   * The data when it is already here (the first screen's answer the page brought,
   * `answeredRead` in src/lib/api.ts): the first render shows it instead of the skeleton. The
   * fetch still runs, and takes that same answer.
   */
  initial?: () => T | undefined,
): Load<T> & { reload(): void; refresh(): void } {
  const [load, setLoad] = useState<Load<T>>(() => {
    const data = initial?.();
    return data === undefined ? LOADING : { state: 'ready', data, error: null };
  });
  const generation = useRef(0);
  const shown = useRef(load);
  shown.current = load;
  const run = useCallback((quietly = false) => {
    const mine = ++generation.current;
    if (!quietly) setLoad(loadingFrom);
    fetcher().then(
      // Drawing the answer is a transition: a long list renders in slices and never blocks a tap.
      (data) =>
        mine === generation.current &&
        startTransition(() => setLoad((current) => answeredWith(current, data))),
      (error: Error) => {
        // A quiet refresh that fails keeps what is on screen.
        if (mine !== generation.current || (quietly && shown.current.state === 'ready')) return;
        setLoad({ state: 'failed', data: null, error: error.message });
      },
    );
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the fetch depends on
  }, deps);
  // With the data already here, the first fetch is quiet: the skeleton would replace what is shown.
  const quietRun = useRef(load.state === 'ready' ? run : null);
  useEffect(() => run(run === quietRun.current), [run]);
  const seen = useRef(reconnects.peek());
  useSignalEffect(() => {
    const count = reconnects.value;
    if (count === seen.current) return;
    seen.current = count;
    run(shown.current.state === 'ready');
  });
  // reload shows the skeleton again (a retry); refresh keeps what is shown until the answer is in.
  return { ...load, reload: () => run(), refresh: () => run(true) };
}
