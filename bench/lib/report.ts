/** Formatting shared by the benchmarks' printed tables. */
export const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

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
