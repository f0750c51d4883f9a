/** Option parsing shared by the operator commands: each failure is a usage error that says what is wanted. */
import { dec, fmt, isDecimalString, scaleOf } from '../../protocol/money.ts';
import { AdminUsageError } from './command.ts';

type Raw = string | boolean | undefined;

export function need(value: Raw, what: string): string {
  if (typeof value !== 'string' || value === '') throw new AdminUsageError(`${what} is required`);
  return value;
}

export function wholeNumber(value: Raw, what: string, min: number, max: number): number {
  const n = Number(need(value, what));
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new AdminUsageError(`${what} must be a whole number from ${min} to ${max}`);
  }
  return n;
}

/** A non-negative (or, with `positive`, strictly positive) decimal with at most `places` decimals. */
export function decimalOption(raw: Raw, name: string, places: number, positive: boolean) {
  if (
    typeof raw !== 'string' ||
    !isDecimalString(raw) ||
    dec(raw).isNegative() ||
    (positive && dec(raw).isZero()) ||
    scaleOf(raw) > places
  ) {
    throw new AdminUsageError(
      `--${name} must be a ${positive ? 'positive' : 'non-negative'} amount with at most ${places} decimals`,
    );
  }
  return fmt(dec(raw));
}
