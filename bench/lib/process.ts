/** How a benchmark script and its server children start and stop. */

/** Runs a benchmark's main: its answer is the exit code; a throw prints why, cleans up, exits 1. */
export function runBenchmark(main: () => Promise<number>, cleanup?: () => Promise<void>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    async (error: unknown) => {
      process.stderr.write(`benchmark failed: ${(error as Error).message}\n`);
      await cleanup?.();
      process.exitCode = 1;
    },
  );
}

/**
 * A bench server child stops on SIGTERM, SIGINT or its parent's going away: `close` runs once and
 * the process exits; if open streams keep it waiting, it exits anyway after `backstopMs`.
 */
export function stopOnSignals(close: () => Promise<void>, backstopMs: number): void {
  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(0), backstopMs).unref();
    await close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.on('disconnect', () => void stop());
}
