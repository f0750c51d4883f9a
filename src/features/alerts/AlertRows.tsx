import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { PriceAlert } from '../../../protocol/alerts.ts';
import { When } from '../../components/When.tsx';
import { withThousands } from '../../lib/format.ts';
import { instrumentPath } from '../markets/index.ts';
import { deleteAlert } from './api.ts';

/**
 * Alerts as rows: the instrument (a link where the list spans instruments), "above" or "below" and
 * the level; a fired one says when and at what price; each has a delete button.
 */
export function AlertRows({
  alerts,
  showSymbol,
  onDeleted,
}: {
  alerts: PriceAlert[];
  showSymbol: boolean;
  onDeleted(id: number): void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<number | null>(null);
  const remove = async (id: number) => {
    setBusy(id);
    try {
      await deleteAlert(id);
      onDeleted(id);
    } catch {
      // Shown as a toast by the API layer.
    } finally {
      setBusy(null);
    }
  };
  return (
    <ul className="alert-rows">
      {alerts.map((a) => (
        <li key={a.id} className={`alert-row alert-${a.status}`} data-alert={a.id}>
          <div>
            <span className="alert-level">
              {/* The symbol isolated (bdi) and then a space: in Arabic it stays apart from the words. */}
              {showSymbol ? (
                <>
                  <bdi>
                    <Link href={instrumentPath(a.symbol)} className="alert-symbol">
                      {a.symbol}
                    </Link>
                  </bdi>{' '}
                </>
              ) : null}
              {t(`alerts.${a.direction}`)} <bdi dir="ltr">{withThousands(a.price)}</bdi>
            </span>
            <span className="muted small">
              {a.status === 'fired' && a.firedAt !== null ? (
                <>
                  {t('alerts.firedAt', { price: withThousands(a.firedPrice ?? '') })} <When at={a.firedAt} />
                </>
              ) : (
                t('alerts.waiting')
              )}
            </span>
          </div>
          <button
            type="button"
            className="button button-secondary alert-delete"
            disabled={busy === a.id}
            aria-busy={busy === a.id}
            aria-label={t('alerts.delete')}
            onClick={() => void remove(a.id)}
          >
            {t('alerts.deleteShort')}
          </button>
        </li>
      ))}
    </ul>
  );
}
