/** Text output shared by the operator commands that list rows. */
import type { AdminOutput } from './command.ts';

/** One line a row, or `empty` when there are none (a blank answer would look like a failure). */
export function listText<T>(rows: readonly T[], empty: string, line: (row: T) => string): string {
  return rows.length === 0 ? empty : rows.map(line).join('\n');
}

/** A list command's answer: its rows one line each for a person, the rows themselves for `--json`. */
export function listOutput<T>(rows: readonly T[], empty: string, line: (row: T) => string): AdminOutput {
  return { text: listText(rows, empty, line), json: rows };
}
