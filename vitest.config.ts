import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that run for minutes start first: on a fresh clone Vitest has no timings cached and
 * orders files by size, and the invariant run (four minutes on two busy cores) started last made
 * the whole run wait for it alone.
 */
const LONG_RUNNING = [
  'invariant-run',
  'trading-model',
  'graceful-stop',
  'crash',
  'fault-points',
  'admin',
  'mining-settlement',
  'mining',
  'markets',
];

class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONG_RUNNING.findIndex((name) =>
        file.moduleId.includes(`/tests/integration/${name}.test.`),
      );
      return index === -1 ? LONG_RUNNING.length : index;
    };
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['{protocol,server,src,sw,scripts,tests/integration}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // A run with its clock moved (MERIDIAN_CLOCK_OFFSET_MS, docs/testing.md) moves every worker's too.
    setupFiles: ['./server/clock.ts'],
    // Integration tests open their own databases; PGlite start-up is the slow part.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers only queue behind each other's WebAssembly databases.
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph instead of importing the
    // server's modules again for every file: importing was a third of the run (50 of 153 s on a
    // dozen integration files, 13 s without isolation; 153 -> 93 s in all). Tests own their
    // databases and servers, and what a test changes globally is put back after it (below).
    isolate: false,
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    sequence: { sequencer: LongFirstSequencer },
  },
});
