/**
 * Ends the current task and resumes in a new one, so that start-up work done in a row (reading the
 * store, starting the first reads, creating the React root) is several short tasks with a chance
 * for input and painting between them, not one long task (Lighthouse's total blocking time).
 * `scheduler.yield()` resumes ahead of other queued tasks where the browser has it (Chromium);
 * elsewhere a zero-delay timeout.
 */
interface YieldingScheduler {
  yield(): Promise<void>;
}

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
