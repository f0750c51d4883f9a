import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERTS_PER_USER, type AlertList } from '../../../protocol/alerts.ts';
import { LoadState } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useLoad } from '../../lib/use-load.ts';
import { PushSwitch } from '../push/index.ts';
import { AlertRows } from './AlertRows.tsx';
import { getAlerts } from './api.ts';
import './alerts.css';

/**
 * /alerts: every price alert of the user, waiting ones first, then the latest that fired; and the
 * notification switch, since an alert reaches the user as a push.
 */
export function AlertsPage() {
  const { t } = useTranslation();
  const load = useLoad(() => getAlerts(), []);
  const [shown, setShown] = useState<AlertList | null>(null);
  return (
    <>
      <PageHeader title={t('routes.alerts')} />
      <PushSwitch />
      <LoadState load={load} empty={(data) => (shown ?? data).list.length === 0}>
        {(loaded) => {
          const data = shown ?? loaded;
          return (
            <section className="card">
              <p className="muted small">
                {t('alerts.active', { active: ALERTS_PER_USER - data.remaining, max: ALERTS_PER_USER })}
              </p>
              <AlertRows
                alerts={data.list}
                showSymbol
                onDeleted={(id) => {
                  const gone = data.list.find((a) => a.id === id);
                  setShown({
                    list: data.list.filter((a) => a.id !== id),
                    remaining: data.remaining + (gone?.status === 'active' ? 1 : 0),
                  });
                }}
              />
            </section>
          );
        }}
      </LoadState>
      <p className="muted small alerts-howto">{t('alerts.howto')}</p>
    </>
  );
}
