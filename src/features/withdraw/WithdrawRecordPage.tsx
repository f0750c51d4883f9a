import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Withdrawal } from '../../../protocol/withdraw.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordList } from '../../components/RecordList.tsx';
import { When } from '../../components/When.tsx';
import { withThousands } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { getWithdrawals } from './api.ts';

export function WithdrawRecordPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('routes.withdrawRecord')} />
      <RecordList<Withdrawal>
        fetchPage={getWithdrawals}
        row={(w) => (
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
        )}
      />
    </>
  );
}
