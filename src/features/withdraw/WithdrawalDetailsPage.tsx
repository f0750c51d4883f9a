import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { DetailList } from '../../components/Facts.tsx';
import { LoadState } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { When } from '../../components/When.tsx';
import { withThousands } from '../../lib/format.ts';
import { useLoad } from '../../lib/use-load.ts';
import { getWithdrawal } from './api.ts';

const ON_THE_WAY: ReadonlySet<string> = new Set(['submitted', 'reviewed', 'processing']);
const FOLLOW_EVERY_MS = 10_000;

/** One withdrawal: address, amount, handling fee, arrival amount, and every status it went through. */
export function WithdrawalDetailsPage() {
  const { t } = useTranslation();
  const id = Number(new URLSearchParams(useSearch()).get('id'));
  const load = useLoad(
    () =>
      Number.isInteger(id) && id > 0 ? getWithdrawal(id) : Promise.reject(new Error(t('errors.not_found'))),
    [id],
  );
  // On its way (reviewed, sent, confirming): the screen follows it quietly, as the deposit records do.
  const moving = load.data ? ON_THE_WAY.has(load.data.withdrawal.status) : false;
  const refresh = useRef(load.refresh);
  refresh.current = load.refresh;
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => refresh.current(), FOLLOW_EVERY_MS);
    return () => clearInterval(timer);
  }, [moving]);
  return (
    <>
      <PageHeader title={t('routes.withdrawalDetails')} />
      <LoadState load={load}>
        {({ withdrawal: w, history, explorerUrl, confirmations }) => (
          <>
            <section className="card">
              <div className="detail-head">
                <strong dir="ltr" className="big-number">
                  {withThousands(w.amount)} {w.coin}
                </strong>
                <span className={`status status-${w.status}`}>{t(`withdrawStatus.${w.status}`)}</span>
              </div>
              <DetailList
                rows={[
                  { label: t('withdraw.network'), value: w.chain },
                  { label: t('withdraw.address'), value: w.address, dir: 'ltr', className: 'mono break' },
                  { label: t('withdraw.fee'), value: `${withThousands(w.fee)} ${w.coin}`, dir: 'ltr' },
                  {
                    label: t('withdraw.arrival'),
                    value: `${withThousands(w.arrival)} ${w.coin}`,
                    dir: 'ltr',
                  },
                  !!w.txid && {
                    label: t('withdraw.txid'),
                    // Linked to the chain's explorer when the operator configured one.
                    value: explorerUrl ? (
                      <a
                        href={explorerUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="explorer-link"
                      >
                        {w.txid}
                      </a>
                    ) : (
                      w.txid
                    ),
                    dir: 'ltr',
                    className: 'mono break',
                  },
                  // Counted by the withdraw sender on its chain; chains processed by hand have none.
                  !!confirmations && {
                    label: t('withdraw.confirmations'),
                    value: t('withdraw.confirmationsOf', {
                      seen: confirmations.seen,
                      required: confirmations.required,
                    }),
                  },
                ]}
              />
            </section>
            <section className="card">
              <h2>{t('withdraw.history')}</h2>
              <ol className="timeline">
                {history.map((h) => (
                  <li key={`${h.status}-${h.at}`}>
                    <span className="timeline-status">{t(`withdrawStatus.${h.status}`)}</span>
                    <span className="muted small">
                      <When at={h.at} />
                    </span>
                    {h.note ? <span className="timeline-note">{h.note}</span> : null}
                  </li>
                ))}
              </ol>
            </section>
          </>
        )}
      </LoadState>
    </>
  );
}
