/**
 * Two-person requests (protocol/ops.ts `approvals`): what was asked, by whom, why, until when; a
 * second operator of the command's role approves or refuses. The requester sees that someone else
 * must decide (the server refuses a self-approval anyway), another role sees no buttons.
 */
import { type ReactNode, useState } from 'react';
import type { Approval, ApprovalStatus, CommandAnswer, OperatorInfo } from '../../../protocol/ops.ts';
import { opsCall } from '../api.ts';
import { ActionForm } from '../components/ActionForm.tsx';
import { CommandAnswerView } from '../components/CommandAnswerView.tsx';
import { Facts, RefreshButton, Section } from '../components/Layout.tsx';
import { useOpsLoad } from '../components/use-ops-load.ts';
import { duration, when } from '../format.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { approvalDecision } from '../roles.ts';
import { argvLine } from './command-specs.ts';

const STATUSES: readonly ApprovalStatus[] = ['pending', 'approved', 'refused', 'expired', 'failed'];

/** `approve` and `refuse` answer the request as it now is (approved with the command's output, failed, refused). */
function decide(call: 'approve' | 'refuse', id: number, reason: string): Promise<Approval> {
  return opsCall(call, { id: String(id), reason: reason || undefined });
}

/** A decided request as a command's answer: what the command printed, or why it was refused. */
function asAnswer(approval: Approval): CommandAnswer {
  return {
    status: 'done',
    ok: approval.status === 'approved' || approval.status === 'refused',
    text: `#${approval.id} ${approval.status}${approval.outcome ? `: ${approval.outcome}` : ''}`,
    json: null,
  };
}

function ApprovalCard({
  approval,
  me,
  onDecided,
}: {
  approval: Approval;
  me: OperatorInfo;
  onDecided(answer: Approval): void;
}) {
  const { t, locale } = useI18n();
  const decision = approvalDecision(me, approval);
  const left = approval.expiresAt - Date.now();
  const facts: [string, ReactNode][] = [
    [t('approval.reason'), approval.reason],
    [t('approval.requestedBy'), <code key="r">{approval.requestedBy}</code>],
    [t('approval.requestedAt'), when(approval.requestedAt, locale)],
    [
      t('approval.expiresAt'),
      approval.status === 'pending'
        ? `${when(approval.expiresAt, locale)} (${t('approval.left', { left: duration(left, t) })})`
        : when(approval.expiresAt, locale),
    ],
  ];
  if (approval.decidedBy) {
    facts.push([t('approval.decidedBy'), <code key="d">{approval.decidedBy}</code>]);
    facts.push([t('approval.decidedAt'), when(approval.decidedAt, locale)]);
  }
  if (approval.outcome) facts.push([t('approval.outcome'), approval.outcome]);
  // Approve, refuse, and the requester's own refusal (taking it back): one form each.
  const decisionForm = (
    call: 'approve' | 'refuse',
    action: string,
    label: string,
    look: { danger?: boolean; reasonOptional?: boolean },
  ) => (
    <ActionForm
      action={action}
      label={label}
      {...look}
      showAnswer={false}
      run={async (reason) => {
        onDecided(await decide(call, approval.id, reason));
        return null;
      }}
    />
  );
  return (
    <article className="ops-approval" data-approval={approval.id} data-status={approval.status}>
      <header className="ops-approval-head">
        <strong>#{approval.id}</strong>
        <span className={`ops-status ops-status-${approval.status}`}>{t(`astatus.${approval.status}`)}</span>
      </header>
      <pre className="ops-pre ops-command-line">{argvLine(approval.argv)}</pre>
      <Facts items={facts} />
      {decision === 'own-request' && (
        <>
          <p className="ops-note ops-own-request">{t('approval.ownRequest')}</p>
          <div className="ops-actions">
            {decisionForm('refuse', 'take-back', t('approval.takeBack'), { danger: true })}
          </div>
        </>
      )}
      {decision === 'other-role' && <p className="ops-note ops-other-role">{t('approval.otherRole')}</p>}
      {decision === 'decide' && (
        <div className="ops-actions">
          {decisionForm('approve', 'approve', t('approval.approve'), { reasonOptional: true })}
          {decisionForm('refuse', 'refuse', t('approval.refuse'), { danger: true })}
        </div>
      )}
    </article>
  );
}

export function ApprovalsTab({ me }: { me: OperatorInfo }) {
  const { t } = useI18n();
  const [status, setStatus] = useState<ApprovalStatus | ''>('pending');
  const list = useOpsLoad('approvals', { status: status || undefined });
  const [last, setLast] = useState<Approval | null>(null);
  return (
    <Section
      title={t('tab.approvals')}
      name="approvals"
      actions={<RefreshButton busy={list.busy} onClick={list.reload} />}
    >
      <div className="ops-filters">
        <label>
          {t('common.status')}
          <select
            name="status"
            value={status}
            onChange={(event) => setStatus(event.target.value as ApprovalStatus | '')}
          >
            <option value="">{t('common.all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`astatus.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {last && <CommandAnswerView answer={asAnswer(last)} />}
      {list.data && list.data.length === 0 && <p className="ops-note">{t('common.none')}</p>}
      <div className="ops-approvals">
        {(list.data ?? []).map((approval) => (
          <ApprovalCard
            key={approval.id}
            approval={approval}
            me={me}
            onDecided={(answer) => {
              setLast(answer);
              list.reload();
            }}
          />
        ))}
      </div>
    </Section>
  );
}
