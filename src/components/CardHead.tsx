import type { ReactNode } from 'react';

/**
 * The head line of a card in a list (a machine, an offering, an order): its name, then badges,
 * then its status as a coloured word (`status status-<status>`).
 */
export function CardHead({
  name,
  dir = 'auto',
  status,
  statusLabel,
  children,
}: {
  name: string;
  /** Operator text reads in its own direction; symbols read left to right. */
  dir?: 'auto' | 'ltr';
  status?: string;
  statusLabel?: string;
  /** Badges between the name and the status. */
  children?: ReactNode;
}) {
  return (
    <div className="machine-head">
      <span className="machine-name" dir={dir}>
        {name}
      </span>
      {children}
      {status === undefined ? null : <span className={`status status-${status}`}>{statusLabel}</span>}
    </div>
  );
}
