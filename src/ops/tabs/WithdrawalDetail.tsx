/**
 * One withdrawal (protocol/ops.ts `withdrawal`): its fields, the user's latest movements, and for
 * a reviewer the steps its status allows, each run as the CLI's command with a reason.
 */
import { useState } from 'react';
import type { CommandAnswer, OperatorInfo } from '../../../protocol/ops.ts';
import { commandAllowed } from '../../../protocol/ops.ts';
import { opsCall } from '../api.ts';
import { ActionForm } from '../components/ActionForm.tsx';
import { CommandAnswerView } from '../components/CommandAnswerView.tsx';
import { Facts, RefreshButton, Section } from '../components/Layout.tsx';
import { RecordsTable } from '../components/RecordsTable.tsx';
import { useOpsLoad } from '../components/use-ops-load.ts';
import { when } from '../format.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { DANGER_STEPS, stepArgv, stepsFor } from './withdrawal-steps.ts';

/** The chain transaction id the server takes (server/admin/commands/withdraw.ts). */
const TXID_PATTERN = '[A-Za-z0-9]{8,100}';

export function WithdrawalDetail({
  id,
  me,
  onBack,
  onChanged,
}: {
  id: number;
  me: OperatorInfo;
  onBack(): void;
  onChanged(): void;
}) {
  const { t, locale } = useI18n();
  const { data, busy, reload } = useOpsLoad('withdrawal', { id: String(id) });
  const [answer, setAnswer] = useState<CommandAnswer | null>(null);
  const w = data?.withdrawal;
  const steps = w ? stepsFor(w.status).filter((step) => commandAllowed(me.role, `withdrawals ${step}`)) : [];

  return (
    <Section
      title={t('withdrawal.title', { id })}
      name="withdrawal"
      actions={
        <div className="ops-row">
          <RefreshButton busy={busy} onClick={reload} />
          <button type="button" className="ops-button ops-quiet ops-back" onClick={onBack}>
            {t('common.back')}
          </button>
        </div>
      }
    >
      {w && (
        <>
          <Facts
            items={[
              [t('common.status'), <StatusBadge key="s" status={w.status} />],
              [t('common.user'), <code key="u">{w.user}</code>],
              [t('common.amount'), `${w.amount} ${w.coin}`],
              [t('withdrawal.fee'), `${w.fee} ${w.coin}`],
              [t('common.chain'), w.chain],
              [t('withdrawal.to'), <code key="a">{w.address}</code>],
              [t('common.time'), when(w.createdAt, locale)],
              [t('withdrawal.approvedBy'), w.approvedBy.length > 0 ? w.approvedBy.join(', ') : '—'],
              [t('withdrawal.txid'), w.txid ? <code key="x">{w.txid}</code> : '—'],
            ]}
          />
          {answer && <CommandAnswerView answer={answer} />}
          {steps.length > 0 && (
            <div className="ops-actions">
              {steps.map((step) => (
                <ActionForm
                  key={`${w.status} ${step}`}
                  action={step}
                  label={t(`step.${step}`)}
                  danger={DANGER_STEPS.has(step)}
                  extra={
                    step === 'process'
                      ? [{ name: 'txid', label: t('withdrawal.txid'), pattern: TXID_PATTERN }]
                      : []
                  }
                  run={(reason, extra) =>
                    opsCall('command', {
                      argv: JSON.stringify(stepArgv(step, w.id, extra.txid?.trim())),
                      reason,
                    })
                  }
                  showAnswer={false}
                  onDone={(result) => {
                    setAnswer(result);
                    reload();
                    onChanged();
                  }}
                />
              ))}
            </div>
          )}
        </>
      )}
      {data && (
        <>
          <h3>{t('withdrawal.history')}</h3>
          <RecordsTable records={data.history} />
        </>
      )}
    </Section>
  );
}
