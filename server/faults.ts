/**
 * Fault points (issue #36, "atomicity shown deterministically"): named places inside transactions
 * that post several entries or postings, where a test can have the process killed with SIGKILL
 * after part of the work was written and before the commit. A crash at a random moment
 * (tests/integration/crash.test.ts) rarely lands there; a fault point lands there every time, so
 * tests/integration/fault-points.test.ts can show that a restart finds each batch applied whole or
 * not at all, and never twice.
 *
 * Off unless `MERIDIAN_FAULT_POINT` names a point; `MERIDIAN_FAULT_AFTER` (default 1) kills at that
 * point's N-th hit in this process, so earlier hits commit and a test sees progress between kills.
 * Both are read once, at load: off, a point costs one comparison. Refused in production, where a
 * stray variable must never kill a server; a name that is not a point throws at load, so a typo
 * cannot make a test pass by never killing anything.
 */

export const FAULT_POINTS = [
  'trading.settlement',
  'trading.stop_out',
  'mining.settlement',
  'ido.allocation',
  'staking.maturity',
  'solvency.snapshot',
] as const;

export type FaultPoint = (typeof FAULT_POINTS)[number];

export const FAULT_POINT_VARIABLE = 'MERIDIAN_FAULT_POINT';
export const FAULT_AFTER_VARIABLE = 'MERIDIAN_FAULT_AFTER';

export interface ArmedFault {
  point: FaultPoint;
  /** The hit of `point` that kills: 1 for the first. */
  after: number;
}

/** The fault the environment arms, or null; throws on a name that is not a point or a bad count. */
export function armedFault(
  env: NodeJS.ProcessEnv = process.env,
  warn: (line: string) => void = (line) => process.stderr.write(line),
): ArmedFault | null {
  const name = env[FAULT_POINT_VARIABLE];
  if (!name) return null;
  if (env.NODE_ENV === 'production') {
    warn(`${FAULT_POINT_VARIABLE} is ignored: fault points are for tests, never in production\n`);
    return null;
  }
  if (!(FAULT_POINTS as readonly string[]).includes(name))
    throw new Error(`${FAULT_POINT_VARIABLE}=${name} is not a fault point (${FAULT_POINTS.join(', ')})`);
  const raw = env[FAULT_AFTER_VARIABLE] || '1';
  const after = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(after) || after < 1)
    throw new Error(`${FAULT_AFTER_VARIABLE}=${raw} must be a whole number from 1`);
  return { point: name as FaultPoint, after };
}

const armed = armedFault();
// Kept apart so that the check on every call is one comparison with a constant.
const armedPoint: string | null = armed?.point ?? null;
const killAt = armed?.after ?? 0;
let hits = 0;

/**
 * Marks a place inside a transaction, after some of its postings were written. When the
 * environment armed this point and this is its N-th hit, the process dies by SIGKILL here: no
 * commit, no rollback, no handler, as on a power cut.
 */
export function faultPoint(name: FaultPoint): void {
  if (name !== armedPoint) return;
  hits += 1;
  if (hits < killAt) return;
  process.kill(process.pid, 'SIGKILL');
  // The signal may be delivered a moment after kill() returns: block this thread until it is, so
  // that not one more statement (a COMMIT above all) runs.
  const cell = new Int32Array(new SharedArrayBuffer(4));
  for (;;) Atomics.wait(cell, 0, 0, 1000);
}
