import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ALERTS_PER_USER, type AlertList } from '../../../protocol/alerts.ts';
import { currentUser } from '../../app/store.ts';
import { paths } from '../../lib/paths.ts';
import { useLoad } from '../../lib/use-load.ts';
import { globalConfig } from '../config/index.ts';
import { AlertRows } from './AlertRows.tsx';
import { AlertSheet } from './AlertSheet.tsx';
import { getAlerts } from './api.ts';
import './alerts.css';

/** The instrument page's price alerts: set one at a level, see and delete this instrument's alerts. */
export function InstrumentAlerts({
  symbol,
  last,
  precision,
}: {
  symbol: string;
  last: string;
  precision: number;
}) {
  useSignals();
  const { t } = useTranslation();
  const signedIn = currentUser() !== null;
  // Switched off by the operator: the instrument's screen shows no alerts (the /alerts screen says so).
  if (globalConfig.value?.features.alerts === false) return null;
  return (
    <section className="card alerts-card" aria-labelledby="alerts-title">
      <div className="alerts-head">
        <h2 id="alerts-title">{t('routes.alerts')}</h2>
        {signedIn ? (
          <Link href={paths.alerts.path} className="small">
            {t('alerts.all')}
          </Link>
        ) : null}
      </div>
      {signedIn ? (
        <SignedInAlerts symbol={symbol} last={last} precision={precision} />
      ) : (
        <p className="muted small">{t('alerts.signIn')}</p>
      )}
    </section>
  );
}

function SignedInAlerts({ symbol, last, precision }: { symbol: string; last: string; precision: number }) {
  const { t } = useTranslation();
  const load = useLoad(() => getAlerts(symbol), [symbol]);
  const [shown, setShown] = useState<AlertList | null>(null);
  const [adding, setAdding] = useState(false);
  const data = shown ?? load.data;
  return (
    <>
      {data && data.list.length > 0 ? (
        <AlertRows
          alerts={data.list}
          showSymbol={false}
          onDeleted={(id) =>
            setShown({ ...data, list: data.list.filter((a) => a.id !== id), remaining: data.remaining + 1 })
          }
        />
      ) : null}
      <button
        type="button"
        className="button button-secondary block alert-add"
        disabled={data !== null && data.remaining === 0}
        onClick={() => setAdding(true)}
      >
        {data !== null && data.remaining === 0 ? t('alerts.limit') : t('alerts.add')}
      </button>
      {adding ? (
        <AlertSheet
          symbol={symbol}
          last={last}
          precision={precision}
          onClose={() => setAdding(false)}
          onSet={(alert) => {
            // Without a list (its load failed) the server's limit still holds; the count is a guess.
            const base = data ?? { list: [], remaining: ALERTS_PER_USER };
            setShown({ list: [alert, ...base.list], remaining: Math.max(0, base.remaining - 1) });
          }}
        />
      ) : null}
    </>
  );
}
