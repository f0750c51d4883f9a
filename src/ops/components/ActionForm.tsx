/**
 * One action on one thing (review withdrawal #12, refuse approval #3, remove an operator): a button
 * that opens a small form asking for the reason (and any other word the action needs, such as the
 * chain txid), then runs it and shows what the server answered.
 */
import { type FormEvent, useId, useState } from 'react';
import type { CommandAnswer } from '../../../protocol/ops.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { CommandAnswerView } from './CommandAnswerView.tsx';
import { useReport } from './Problems.tsx';
import { ReasonField, reasonOk } from './ReasonField.tsx';

export interface ExtraField {
  name: string;
  label: string;
  pattern?: string;
}

export function ActionForm({
  label,
  action,
  danger = false,
  reasonOptional = false,
  extra = [],
  run,
  onDone,
  showAnswer = true,
}: {
  label: string;
  /** A stable name for tests and styles (`review`, `approve`…). */
  action: string;
  danger?: boolean;
  reasonOptional?: boolean;
  extra?: ExtraField[];
  run(reason: string, extra: Record<string, string>): Promise<CommandAnswer | null>;
  onDone?(answer: CommandAnswer | null): void;
  /** False when the caller shows the answer itself (the form may be gone once the thing changed). */
  showAnswer?: boolean;
}) {
  const { t } = useI18n();
  const { report } = useReport();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<CommandAnswer | null>(null);

  const ready =
    (reasonOptional ? reason.trim() === '' || reasonOk(reason) : reasonOk(reason)) &&
    extra.every((f) => (values[f.name] ?? '').trim() !== '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    try {
      const result = await run(reason.trim(), values);
      setAnswer(result);
      setOpen(false);
      setReason('');
      onDone?.(result);
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
    }
  }

  if (!open) {
    return (
      <span className="ops-action" data-action={action}>
        <button
          type="button"
          className={danger ? 'ops-button ops-danger' : 'ops-button'}
          onClick={() => {
            setAnswer(null);
            setOpen(true);
          }}
        >
          {label}
        </button>
        {showAnswer && answer && <CommandAnswerView answer={answer} />}
      </span>
    );
  }
  return (
    <form className="ops-action-form" data-action={action} onSubmit={submit}>
      <strong>{label}</strong>
      {extra.map((field) => (
        <div className="ops-field" key={field.name}>
          <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
          <input
            id={`${id}-${field.name}`}
            name={field.name}
            required
            pattern={field.pattern}
            value={values[field.name] ?? ''}
            onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
          />
        </div>
      ))}
      <ReasonField value={reason} onChange={setReason} optional={reasonOptional} />
      <div className="ops-row">
        <button
          type="submit"
          className={danger ? 'ops-button ops-danger' : 'ops-button ops-primary'}
          disabled={!ready || busy}
        >
          {busy ? t('common.working') : t('common.confirm')}
        </button>
        <button type="button" className="ops-button ops-quiet" onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
