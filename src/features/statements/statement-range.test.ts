import { describe, expect, test } from 'vitest';
import { statementRange, todayInput } from './statement-range.ts';

describe('statement range from two calendar days', () => {
  test('covers both days whole, in local time', () => {
    const range = statementRange('2026-03-01', '2026-03-31');
    expect(range).toEqual({
      from: new Date(2026, 2, 1).getTime(),
      to: new Date(2026, 3, 1).getTime(),
    });
    expect(statementRange('2026-03-05', '2026-03-05')).toEqual({
      from: new Date(2026, 2, 5).getTime(),
      to: new Date(2026, 2, 6).getTime(),
    });
  });

  test('refuses reversed, missing, malformed and longer-than-a-year ranges', () => {
    expect(statementRange('2026-03-02', '2026-03-01')).toBeNull();
    expect(statementRange('', '2026-03-01')).toBeNull();
    expect(statementRange('2026/03/01', '2026-03-01')).toBeNull();
    expect(statementRange('2025-01-01', '2026-01-02')).toBeNull();
    // A leap year's 366 days are allowed.
    expect(statementRange('2024-01-01', '2024-12-31')).not.toBeNull();
  });

  test('today as a date input value', () => {
    expect(todayInput(new Date(2026, 0, 9, 23, 59))).toBe('2026-01-09');
  });
});
