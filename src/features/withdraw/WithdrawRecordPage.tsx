import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../app/paths.ts';
import { LoadState } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { When } from '../../components/When.tsx';
import { withThousands } from '../../lib/format.ts';
import { useLoad } from '../../lib/use-load.ts';
import { getWithdrawals } from './api.ts';

export function WithdrawRecordPage() {
  const { t } = useTranslation();
  const load = useLoad(() => getWithdrawals(1), []);
  return (
    <>
      <PageHeader title={t('routes.withdrawRecord')} />
      <LoadState load={load} empty={(p) => p.list.length === 0}>
        {(p) => (
          <section className="card">
            <ul className="record-list">
              {p.list.map((w) => (
                <li key={w.id}>
                  <Link href={`${paths.withdrawalDetails.path}?id=${w.id}`} className="record-link">
                    <div>
                      <span className="record-type">
                        {w.coin} · {w.chain}
                      </span>
                      <span className="muted small">
                        <When at={w.createdAt} />
                      </span>
                    </div>
                    <div className="record-end">
                      <span className="amount down" dir="ltr">
                        -{withThousands(w.amount)}
                      </span>
                      <span className={`status status-${w.status}`}>{t(`withdrawStatus.${w.status}`)}</span>
                    </div>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </LoadState>
    </>
  );
}
