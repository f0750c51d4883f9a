import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { LoadState } from '../../components/LoadState.tsx';
import { NotFoundCard } from '../../components/NotFoundCard.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useLoad } from '../../lib/use-load.ts';
import { getMachine } from './api.ts';
import { MachineFacts } from './MachineFacts.tsx';
import { PurchaseForm } from './PurchaseForm.tsx';

/** /miningRigDetails?id=: every field of one machine, its yield with where it comes from, and the purchase. */
export function MiningRigDetailsPage() {
  const { t } = useTranslation();
  const id = new URLSearchParams(useSearch()).get('id') ?? '';
  return (
    <>
      <PageHeader title={t('routes.miningRigDetails')} />
      {/^[1-9][0-9]{0,9}$/.test(id) ? <MachineDetails id={id} /> : <NotFoundCard back="miningMall" />}
    </>
  );
}

function MachineDetails({ id }: { id: string }) {
  const { t } = useTranslation();
  const load = useLoad(() => getMachine(id), [id]);
  return (
    <>
      <LoadState load={load}>
        {(m) => (
          <>
            <section className="card machine-detail">
              <div className="machine-head">
                <h2 className="machine-name" dir="auto">
                  {m.name}
                </h2>
                {m.soldOut ? <span className="badge sold-out-text">{t('mining.soldOut')}</span> : null}
              </div>
              <MachineFacts machine={m} />
              {m.cycleReturn !== null && m.price !== null ? (
                <p className="yield-source">
                  <span>{t('mining.cycleReturn')}: </span>
                  <b dir="ltr" className={m.cycleReturn.startsWith('-') ? 'change-down' : 'change-up'}>
                    {m.cycleReturn.startsWith('-') ? '' : '+'}
                    {m.cycleReturn}%
                  </b>
                  <span className="muted small">
                    {' '}
                    {t('mining.priceNote', { price: m.price, coin: m.coin })}
                  </span>
                </p>
              ) : (
                <p className="muted small">{t('mining.noPrice', { coin: m.coin })}</p>
              )}
              {m.outputSource === 'demo' ? (
                <p className="muted small demo-note">{t('mining.demoNote')}</p>
              ) : null}
            </section>
            <PurchaseForm machine={m} onDone={load.reload} />
          </>
        )}
      </LoadState>
    </>
  );
}
