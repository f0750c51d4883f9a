/**
 * The statement's range from two calendar days as a date input gives them (YYYY-MM-DD, in the
 * user's time zone): from the start of the first day to the start of the day after the last, in
 * Unix milliseconds, or null when the days are missing, reversed or more than STATEMENT_MAX_DAYS
 * apart (the server refuses the same ranges).
 */
import { STATEMENT_MAX_DAYS } from '../../../protocol/statements.ts';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function startOfLocalDay(day: string, plusDays = 0): number | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const at = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + plusDays);
  return Number.isNaN(at.getTime()) ? null : at.getTime();
}

export function statementRange(from: string, to: string): { from: number; to: number } | null {
  const start = startOfLocalDay(from);
  const end = startOfLocalDay(to, 1);
  if (start === null || end === null || end <= start) return null;
  // A year of local days is at most 366 * 24 hours, give or take an hour of summer time.
  if (end - start > STATEMENT_MAX_DAYS * 86_400_000) return null;
  return { from: start, to: end };
}

/** Today as a date input's value, in the user's time zone. */
export function todayInput(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
