import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{protocol,server,src,sw,scripts,tests/integration}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Integration tests open their own databases; PGlite start-up is the slow part.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers only queue behind each other's WebAssembly databases.
    maxWorkers: 2,
  },
});
