/**
 * Time and peak memory of one piece of work: `what` (resident memory, or the JavaScript heap) is
 * sampled every `everyMs` while it runs, and the peak above where it stood before is returned.
 * Run the benchmark with `--expose-gc` so that it starts from a collected heap.
 */
export type MemoryFigure = 'rss' | 'heapUsed';

export async function measured<T>(
  work: () => Promise<T> | T,
  what: MemoryFigure,
  everyMs: number,
): Promise<{ result: T; ms: number; peakBytes: number }> {
  global.gc?.();
  const before = process.memoryUsage()[what];
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage()[what]);
  }, everyMs);
  const started = performance.now();
  try {
    const result = await work();
    const ms = performance.now() - started;
    peak = Math.max(peak, process.memoryUsage()[what]);
    return { result, ms, peakBytes: peak - before };
  } finally {
    clearInterval(sampler);
  }
}
