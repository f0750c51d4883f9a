/**
 * A signal's value for rendering, where a change is rendered as a React transition: in slices
 * that yield to the browser, not in one task.
 *
 * `useSignals()` subscribes through `useSyncExternalStore`, whose updates React always renders
 * synchronously, and aborts a transition already under way to do so. That is right for what the
 * user just did, and wrong for data that arrives in the background during start-up: the first
 * configuration mounts the ticker, the overview's lists and the install card at once, and as one
 * synchronous render it was one of the longest tasks of the first load (Lighthouse's total
 * blocking time, docs/performance.md). Use this for such signals, and read them only through it
 * in that component (a `.value` read in the same render subscribes synchronously again).
 */
import type { ReadonlySignal } from '@preact/signals-react';
import { startTransition, useEffect, useState } from 'react';

export function useTransitionSignal<T>(source: ReadonlySignal<T>): T {
  const [value, setValue] = useState(() => source.peek());
  // `subscribe` calls back at once with the current value, so a change between this render and
  // the effect is not missed.
  useEffect(() => source.subscribe((next) => startTransition(() => setValue(() => next))), [source]);
  return value;
}
