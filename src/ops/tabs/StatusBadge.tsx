/** A withdrawal's status in the operator's language (an unknown one as the server spelled it). */
import { useI18n } from '../i18n/i18n.tsx';
import { isWithdrawalStatus } from './withdrawal-steps.ts';

export function StatusBadge({ status }: { status: string }) {
  const { t } = useI18n();
  return (
    <span className={`ops-status ops-status-${status}`} data-status={status}>
      {isWithdrawalStatus(status) ? t(`wstatus.${status}`) : status}
    </span>
  );
}
