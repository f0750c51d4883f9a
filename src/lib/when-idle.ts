/**
 * Runs `task` once the main thread is idle, at most `timeout` ms from now; where the browser has
 * no `requestIdleCallback` (Safari), after `fallback` ms. Answers a function that cancels it.
 */
export function whenIdle(task: () => void, timeout: number, fallback: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, fallback);
  return () => clearTimeout(handle);
}
