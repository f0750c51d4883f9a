import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ColumnHeads } from '../../components/ColumnHeads.tsx';
import { Facts } from '../../components/Facts.tsx';
import { LoadState } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toast } from '../../components/toast.ts';
import { compareDecimal, truncate, withThousands } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { useLoad } from '../../lib/use-load.ts';
import { demoMode } from '../config/index.ts';
import { claimFaucet, getAssets } from './api.ts';

/** Balances arrive at the coin's own precision; only separators are added. */
const money = (value: string) => withThousands(value);

/** Demo mode only: 1,000 demo USDT once per wallet, labelled as what it is; offered until taken. */
function DemoFaucet({ claimed, onDone }: { claimed: boolean; onDone(): void }) {
  const { t } = useTranslation();
  const { busy, run } = useBusy();
  const take = async () => {
    await run(async () => {
      try {
        await claimFaucet();
        toast.success(t('assets.faucetDone'));
        onDone();
      } catch {
        // The server's message (e.g. already received) was toasted by the API client.
      }
    });
  };
  return (
    <section className="card demo-banner" role="note">
      <p>{t('assets.demoBanner')}</p>
      {claimed ? null : (
        <button type="button" className="button" disabled={busy} aria-busy={busy} onClick={() => void take()}>
          {t('assets.faucet')}
        </button>
      )}
    </section>
  );
}

export function AssetsPage() {
  useSignals();
  const { t } = useTranslation();
  const load = useLoad(getAssets, []);
  return (
    <>
      <PageHeader title={t('routes.assets')} />
      {demoMode.value ? <DemoFaucet claimed={load.data?.faucetClaimed ?? true} onDone={load.reload} /> : null}
      <LoadState load={load}>
        {(data) => (
          <>
            <section className="card summary">
              <span className="muted">{t('assets.totalUsdt')}</span>
              <strong className="big-number" dir="ltr">
                {withThousands(truncate(data.totalUsdt, 2))}
              </strong>
              {data.assets.some(
                (a) => a.coin !== 'USDT' && a.valueUsdt !== null && compareDecimal(a.total, '0') === 1,
              ) ? (
                <p className="muted small">{t('assets.valuedAtBid')}</p>
              ) : null}
              {data.unpriced.length > 0 ? (
                <p className="muted small">{t('assets.unpriced', { coins: data.unpriced.join(', ') })}</p>
              ) : null}
              <Facts
                rows={[
                  {
                    label: t('assets.todayEarnings'),
                    value: withThousands(truncate(data.todayEarningsUsdt, 2)),
                    dir: 'ltr',
                  },
                  {
                    label: t('assets.totalEarnings'),
                    value: withThousands(truncate(data.totalEarningsUsdt, 2)),
                    dir: 'ltr',
                  },
                ]}
              />
              <div className="actions">
                <Link href={paths.recharge.path} className="button">
                  {t('assets.deposit')}
                </Link>
                <Link href={paths.withdraw.path} className="button button-secondary">
                  {t('assets.withdraw')}
                </Link>
                <Link href={paths.finance.path} className="button button-secondary">
                  {t('routes.finance')}
                </Link>
              </div>
            </section>
            <section className="card">
              <table className="balance-table">
                <ColumnHeads
                  labels={[
                    t('assets.coin'),
                    t('assets.available'),
                    t('assets.reserved'),
                    t('assets.staked'),
                    t('assets.total'),
                  ]}
                />
                <tbody>
                  {data.assets.map((a) => (
                    <tr key={a.coin}>
                      <th scope="row">{a.coin}</th>
                      <td dir="ltr">{money(a.available)}</td>
                      <td dir="ltr">{money(a.frozen)}</td>
                      <td dir="ltr">{money(a.staked)}</td>
                      <td dir="ltr">{money(a.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="muted small">{t('assets.reservedNote')}</p>
            </section>
          </>
        )}
      </LoadState>
    </>
  );
}
