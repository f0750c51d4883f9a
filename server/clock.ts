/**
 * The process's clock, moved by a fixed offset when `MERIDIAN_CLOCK_OFFSET_MS` says so: the way
 * the tests run the product on a Saturday, a Sunday, at a DST change or on New Year's Eve whatever
 * day it really is (docs/testing.md, "The clock").
 *
 * The offset, not a moment: every process of one run (the test runner, its workers, the server
 * processes it spawns, the admin CLI, the browser's pages through tests/e2e/fixtures/test.ts) reads
 * the same number, computed once by whoever started the run, so their clocks agree and keep moving.
 * (libfaketime starts each child's clock afresh at the given moment, so two processes disagree.)
 * PostgreSQL's `now()` does not move: nothing in the product compares a column's database default
 * with the process's clock.
 *
 * Imported first by every entry point (server/main.ts, server/admin/cli.ts, the Vitest setup,
 * playwright.config.ts). Unset, it changes nothing.
 */

export const CLOCK_OFFSET_VARIABLE = 'MERIDIAN_CLOCK_OFFSET_MS';

const SHIFTED = Symbol.for('meridian.clock.shifted');
type MaybeShifted = DateConstructor & { [SHIFTED]?: DateConstructor };

/** The offset the environment asks for, in milliseconds (0 when unset or not a whole number). */
export function clockOffsetMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env[CLOCK_OFFSET_VARIABLE] ?? '0');
  return Number.isSafeInteger(value) ? value : 0;
}

/**
 * The offset that makes the clock read `at` now: what a run's starter puts in the environment.
 * `at` is an ISO 8601 moment with its zone (`2026-12-05T12:00:00Z`).
 */
export function offsetTo(at: string, realNow = Date.now()): number {
  const target = Date.parse(at);
  if (Number.isNaN(target)) throw new Error(`not a moment: ${at}`);
  return target - realNow;
}

/**
 * A Date constructor `offsetMs` ahead of `Real` (or behind): `Date.now()` and `new Date()` move,
 * `new Date(value)`, `Date.parse` and `Date.UTC` do not, and `instanceof` still holds for dates
 * made by `Real`. Self-contained (it uses nothing but its arguments), because the e2e fixture sends
 * its source to every page (tests/e2e/fixtures/test.ts).
 */
export function shiftedDate(Real: DateConstructor, offsetMs: number): DateConstructor {
  // A constructor that keeps every static of Date; only "now" is moved.
  function ShiftedDate(this: unknown, ...args: unknown[]): Date | string {
    if (!new.target) return new Real(Real.now() + offsetMs).toString();
    const date =
      args.length === 0
        ? new Real(Real.now() + offsetMs)
        : new Real(...(args as ConstructorParameters<DateConstructor>));
    return Reflect.construct(Real, [date.getTime()], new.target) as Date;
  }
  Object.setPrototypeOf(ShiftedDate, Real);
  ShiftedDate.prototype = Real.prototype;
  Object.defineProperties(ShiftedDate, {
    now: { value: () => Real.now() + offsetMs, writable: true, configurable: true },
    [Symbol.hasInstance]: { value: (value: unknown) => value instanceof Real },
  });
  return ShiftedDate as unknown as DateConstructor;
}

/** Replaces the global `Date` with `shiftedDate(Date, offsetMs)`, once per process. */
export function shiftClock(offsetMs: number): void {
  const Real = globalThis.Date as MaybeShifted;
  if (offsetMs === 0 || Real[SHIFTED]) return;
  const Shifted = shiftedDate(Real, offsetMs);
  Object.defineProperty(Shifted, SHIFTED, { value: Real });
  globalThis.Date = Shifted;
}

/** The wall clock's own Date, whether or not this process's clock was moved (for the clock's tests). */
export function unshiftedDate(): DateConstructor {
  const current = globalThis.Date as MaybeShifted;
  return current[SHIFTED] ?? current;
}

shiftClock(clockOffsetMs());
