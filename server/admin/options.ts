/** Option parsing shared by the operator commands: each failure is a usage error that says what is wanted. */
import { dec, fmt, isDecimalString, scaleOf } from '../../protocol/money.ts';
import { type AdminCommand, AdminUsageError } from './command.ts';

type Raw = string | boolean | undefined;
type OptionSpec = AdminCommand['options'];

/** Options that take a value (`--fee 0.5`), declared by name only: every command reads them as strings. */
export function valueOptions(...names: string[]): OptionSpec {
  return Object.fromEntries(names.map((name) => [name, { type: 'string' as const }]));
}

/** Options that are present or absent (`--disable`). */
export function flagOptions(...names: string[]): OptionSpec {
  return Object.fromEntries(names.map((name) => [name, { type: 'boolean' as const }]));
}

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

/**
 * `--sort`, the place in a list: 0 when absent. Read with Number(), as the pair and staking-plan
 * commands always have, so an empty value also counts as 0.
 */
export function sortOption(raw: Raw): number {
  const sort = raw === undefined ? 0 : Number(raw);
  if (!Number.isInteger(sort) || sort < 0 || sort > 10_000)
    throw new AdminUsageError('--sort must be a whole number from 0 to 10000');
  return sort;
}
