/** Text output shared by the operator commands that list rows. */

/** One line a row, or `empty` when there are none (a blank answer would look like a failure). */
export function listText<T>(rows: readonly T[], empty: string, line: (row: T) => string): string {
  return rows.length === 0 ? empty : rows.map(line).join('\n');
}
