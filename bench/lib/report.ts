import { appendFileSync } from 'node:fs';

/** Formatting shared by the benchmarks' printed tables. */
export const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

export function formatRatio(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (value >= 10) return value.toFixed(0);
  if (value >= 1) return value.toFixed(1);
  return value.toFixed(2);
}

/** Rows of cells as aligned columns; the columns in `rightAligned` are padded on the left. */
export function table(rows: string[][], rightAligned: ReadonlySet<number>): string {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          rightAligned.has(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** One line of `npm run bench`'s table: a figure beside its anchor from the same run. */
export interface Figure {
  figure: string;
  value: number;
  unit: string;
  /** The anchor measured in the same run, in the same unit; null where the goal is absolute. */
  anchor: number | null;
  anchorName: string;
  /** `value / anchor`, or null without an anchor. */
  ratio: number | null;
  /** What the figure must reach, in words ("ratio >= 0.7", "<= 10 ms"). */
  goal: string;
  met: boolean;
  /** Why a goal is not met, or what the figure leaves out; empty when nothing needs saying. */
  note: string;
}

/**
 * Appends figures as JSON lines to the file named by BENCH_SUMMARY, where `npm run bench`
 * (bench/all.ts) collects every benchmark's figures into one table; nothing without it.
 */
export function writeSummary(figures: readonly Figure[]): void {
  const file = process.env.BENCH_SUMMARY;
  if (!file) return;
  appendFileSync(file, figures.map((figure) => `${JSON.stringify(figure)}\n`).join(''));
}
