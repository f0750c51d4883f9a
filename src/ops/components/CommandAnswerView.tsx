/** What a command answered: its text when it ran, or the approval it now waits for. */
import type { CommandAnswer } from '../../../protocol/ops.ts';
import { when } from '../format.ts';
import { useI18n } from '../i18n/i18n.tsx';

export function CommandAnswerView({ answer }: { answer: CommandAnswer }) {
  const { t, locale } = useI18n();
  if (answer.status === 'pending') {
    const { approval } = answer;
    return (
      <div className="ops-answer ops-answer-pending" role="status">
        <strong>{t('answer.pending', { id: approval.id })}</strong>
        <p>{t('answer.pendingExpires', { at: when(approval.expiresAt, locale) })}</p>
      </div>
    );
  }
  return (
    <div className={`ops-answer ${answer.ok ? 'ops-answer-ok' : 'ops-answer-failed'}`} role="status">
      <strong>{answer.ok ? t('answer.done') : t('answer.failed')}</strong>
      <pre className="ops-pre">{answer.text}</pre>
    </div>
  );
}
