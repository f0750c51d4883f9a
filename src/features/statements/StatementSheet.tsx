import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STATEMENT_MAX_DAYS } from '../../../protocol/statements.ts';
import { ConfirmSheet } from '../../components/ConfirmSheet.tsx';
import { toast } from '../../components/toast.ts';
import { downloadFile } from '../../lib/api.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { statementRange, todayInput } from './statement-range.ts';

/**
 * "Download statement" on /finance: two days chosen in the user's own calendar, the records between
 * them (both included) saved as a CSV file the server streams (10095, docs/api.md).
 */
export function StatementSheet({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [today] = useState(() => todayInput(new Date()));
  const [from, setFrom] = useState(() => `${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const { busy, run } = useBusy();
  const range = statementRange(from, to);

  const download = async () => {
    if (!range) {
      toast.error(t('errors.statement_range_invalid', { days: STATEMENT_MAX_DAYS }));
      return;
    }
    await run(async () => {
      try {
        const file = await downloadFile('10095', { from: range.from, to: range.to });
        const url = URL.createObjectURL(file.blob);
        const link = document.createElement('a');
        link.href = url;
        link.download = file.name;
        link.click();
        // The click has handed the file to the browser; the address is not needed after this task.
        setTimeout(() => URL.revokeObjectURL(url), 0);
        onClose();
      } catch {
        // Already shown as a toast by the API layer.
      }
    });
  };

  return (
    <ConfirmSheet
      title={t('finance.statement')}
      subtitle={t('finance.statementExplain', { days: STATEMENT_MAX_DAYS })}
      confirmLabel={t('finance.download')}
      busy={busy}
      onConfirm={() => void download()}
      onCancel={onClose}
    >
      <div className="statement-range">
        <label className="field">
          <span>{t('finance.from')}</span>
          <input type="date" value={from} max={today} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('finance.to')}</span>
          <input type="date" value={to} max={today} onChange={(e) => setTo(e.target.value)} />
        </label>
      </div>
    </ConfirmSheet>
  );
}
