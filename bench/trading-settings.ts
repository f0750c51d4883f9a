import { envInteger } from '../server/config.ts';

export const TICKS_PER_SECOND = 10;
export const BARE_ENTRIES = 300;
/** Per tick, each price moves by a normal step of this relative size (about 1 % over 10 s). */
export const STEP = 0.001;

export const settings = {
  seconds: envInteger(process.env, 'BENCH_SECONDS', 10, 1, 3600),
  positions: envInteger(process.env, 'BENCH_POSITIONS', 1000, 1, 100_000),
  users: envInteger(process.env, 'BENCH_USERS', 100, 1, 10_000),
  adminUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  /** Which databases to measure (`pglite`, `postgres` or both, comma-separated): 10,000 positions is a PostgreSQL goal only. */
  targets: targetsOf(process.env.BENCH_TARGETS),
};

function targetsOf(value: string | undefined): ReadonlySet<'pglite' | 'postgres'> {
  const names = (value || 'pglite,postgres').split(',').map((name) => name.trim());
  const bad = names.filter((name) => name !== 'pglite' && name !== 'postgres');
  if (bad.length > 0) throw new Error(`BENCH_TARGETS: unknown database ${bad.join(', ')} (pglite, postgres)`);
  return new Set(names as ('pglite' | 'postgres')[]);
}

export const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};
export const wallet = (n: number): string => `0x${(n + 1).toString(16).padStart(40, 'b')}`;

/** A seeded generator, so two runs walk the same prices. */
export { random } from '../tests/helpers/random.ts';
