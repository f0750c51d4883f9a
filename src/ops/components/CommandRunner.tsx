/**
 * Runs a command that changes something: first `preview` (what it would change, from the server),
 * then, with a reason, `command`. A command that moves or promises money (TWO_PERSON_COMMANDS)
 * does not run yet: it becomes a request a second operator approves, and the button says so.
 * A command the server does not preview (a list, a snapshot: argv.ts RUN_WITHOUT_PREVIEW) runs at
 * once, its reason optional.
 */
import { useState } from 'react';
import type { CommandAnswer, PreviewAnswer } from '../../../protocol/ops.ts';
import { opsCall } from '../api.ts';
import { needsSecondOperator, runsWithoutPreview } from '../argv.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { argvLine } from '../tabs/command-specs.ts';
import { CommandAnswerView } from './CommandAnswerView.tsx';
import { useReport } from './Problems.tsx';
import { ReasonField, reasonOk } from './ReasonField.tsx';

/**
 * A setting's value as one line: JSON for anything but text; a database decimal without its
 * trailing zeros (`100000.000000000000000000` is 100000).
 */
function shown(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value !== 'string') return JSON.stringify(value);
  return /^-?\d+\.\d+$/.test(value) ? value.replace(/\.?0+$/, '') : value;
}

export function CommandRunner({
  argv,
  onDone,
  empty,
}: {
  argv: string[] | null;
  onDone?(): void;
  /** What stands in for the command line while there is none (a form's "fill in the fields"). */
  empty?: string;
}) {
  const { t } = useI18n();
  const { report } = useReport();
  const [preview, setPreview] = useState<{ line: string; answer: PreviewAnswer } | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<CommandAnswer | null>(null);

  const line = argv ? argvLine(argv) : null;
  // A preview counts only for the words it was made of.
  const current = preview && preview.line === line ? preview.answer : null;
  const twoPerson = argv !== null && needsSecondOperator(argv);
  const direct = argv !== null && runsWithoutPreview(argv);

  async function runPreview() {
    if (!argv || !line) return;
    setBusy(true);
    setAnswer(null);
    try {
      const result = await opsCall('preview', { argv: JSON.stringify(argv) });
      setPreview({ line, answer: result });
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
    }
  }

  async function save() {
    if (!argv || busy) return;
    if (!direct && (!current?.ok || !reasonOk(reason))) return;
    if (direct && reason.trim() !== '' && !reasonOk(reason)) return;
    setBusy(true);
    try {
      setAnswer(
        await opsCall('command', {
          argv: JSON.stringify(argv),
          reason: reason.trim() || undefined,
        }),
      );
      setPreview(null);
      setReason('');
      onDone?.();
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="ops-runner">
      <pre className="ops-pre ops-command-line" data-line={line ?? ''}>
        {line ?? empty ?? t('command.incomplete')}
      </pre>
      {direct ? (
        <>
          <ReasonField value={reason} onChange={setReason} optional />
          <button
            type="button"
            className="ops-button ops-primary ops-run"
            disabled={busy || (reason.trim() !== '' && !reasonOk(reason))}
            onClick={save}
          >
            {t('command.run')}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="ops-button ops-preview"
          disabled={!argv || busy}
          onClick={runPreview}
        >
          {t('command.preview')}
        </button>
      )}
      {current && !direct && (
        <div className={`ops-preview-answer ${current.ok ? '' : 'ops-answer-failed'}`} data-ok={current.ok}>
          {current.changes.length > 0 ? (
            <ul className="ops-diff">
              {current.changes.map((change) => (
                <li key={change.path}>
                  <code>{change.path}</code>: <del>{shown(change.before)}</del> →{' '}
                  <ins>{shown(change.after)}</ins>
                </li>
              ))}
            </ul>
          ) : (
            <p className="ops-note">{t('command.noChanges')}</p>
          )}
          {current.text && (
            <>
              <p className="ops-note">{t('command.wouldSay')}</p>
              <pre className="ops-pre">{current.text}</pre>
            </>
          )}
        </div>
      )}
      {current?.ok && !direct && (
        <>
          <ReasonField value={reason} onChange={setReason} />
          {twoPerson && <p className="ops-note ops-two-person">{t('command.twoPersonHint')}</p>}
          <button
            type="button"
            className="ops-button ops-primary ops-save"
            disabled={busy || !reasonOk(reason)}
            onClick={save}
          >
            {twoPerson ? t('command.request') : t('command.save')}
          </button>
        </>
      )}
      {answer && <CommandAnswerView answer={answer} />}
    </div>
  );
}
