/** The console's small building blocks: a titled section, a table that scrolls sideways on a phone, facts. */
import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n.tsx';

export function Section({
  title,
  actions,
  children,
  name,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  /** A stable name for tests and styles. */
  name?: string;
}) {
  return (
    <section className="ops-section" data-section={name}>
      <div className="ops-section-head">
        <h2>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function Table({ head, children, empty }: { head: ReactNode[]; children: ReactNode; empty: boolean }) {
  const { t } = useI18n();
  if (empty) return <p className="ops-note">{t('common.none')}</p>;
  return (
    <div className="ops-scroll">
      <table className="ops-table">
        <thead>
          <tr>
            {head.map((cell, i) => (
              // The heads never move: their place is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
              <th key={i}>{cell}</th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** Label-value pairs (a withdrawal's fields, a user's profile). */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="ops-facts">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function RefreshButton({ busy, onClick }: { busy: boolean; onClick(): void }) {
  const { t } = useI18n();
  return (
    <button type="button" className="ops-button ops-quiet ops-refresh" disabled={busy} onClick={onClick}>
      {busy ? t('common.loading') : t('common.refresh')}
    </button>
  );
}
