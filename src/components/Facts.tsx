import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
  /** Numbers and codes read left to right in every language; operator text takes `auto`. */
  dir?: 'ltr' | 'auto';
  /** Spans both columns (long values: periods, dates). */
  wide?: boolean;
  /** A class for the value, e.g. `estimate` for the figure the user came for. */
  className?: string;
}

type Rows = readonly (Fact | null | false)[];

/** The label and value pairs of a `<dl>`, a missing row (`null`, `false`) left out. */
function factRows(rows: Rows) {
  return rows.map((row) =>
    row ? (
      <div key={row.label} className={row.wide ? 'facts-wide' : undefined}>
        <dt>{row.label}</dt>
        <dd dir={row.dir} className={row.className}>
          {row.value}
        </dd>
      </div>
    ) : null,
  );
}

/** Label and value pairs in two columns: the facts a form or a card shows about its object. */
export function Facts({ rows, className }: { rows: Rows; className?: string }) {
  return <dl className={className ? `facts ${className}` : 'facts'}>{factRows(rows)}</dl>;
}

/** Label and value pairs one under the other: the details of one record (a stake, a withdrawal). */
export function DetailList({ rows }: { rows: Rows }) {
  return <dl className="detail-list">{factRows(rows)}</dl>;
}
