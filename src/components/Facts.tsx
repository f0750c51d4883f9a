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

/** Label and value pairs in two columns: the facts a form or a card shows about its object. */
export function Facts({ rows, className }: { rows: readonly (Fact | null | false)[]; className?: string }) {
  return (
    <dl className={className ? `facts ${className}` : 'facts'}>
      {rows.map((row) =>
        row ? (
          <div key={row.label} className={row.wide ? 'facts-wide' : undefined}>
            <dt>{row.label}</dt>
            <dd dir={row.dir} className={row.className}>
              {row.value}
            </dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
