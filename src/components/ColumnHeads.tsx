/**
 * A table's head row: one column header per label, in order, each `scope="col"` so that a screen
 * reader names the column of every cell (the coin tables of the assets and solvency pages).
 */
export function ColumnHeads({ labels }: { labels: readonly string[] }) {
  return (
    <thead>
      <tr>
        {labels.map((label) => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
