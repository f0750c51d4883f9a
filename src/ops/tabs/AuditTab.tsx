/**
 * The audit log (protocol/ops.ts `audit`): every command any operator ran, from the console or the
 * CLI, searched by operator, action, user and time, newest first, a page at a time (keyset: rows
 * before the last id shown); and the same search as a CSV file (`audit-csv`).
 */
import { type FormEvent, useState } from 'react';
import { AUDIT_PAGE_SIZE, type AuditRow } from '../../../protocol/ops.ts';
import { type Fields, opsCall } from '../api.ts';
import { Section, Table } from '../components/Layout.tsx';
import { useReport } from '../components/Problems.tsx';
import { localInputToMs, shortAddress, when } from '../format.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { argvLine } from './command-specs.ts';
import { downloadText } from './download.ts';

interface Draft {
  operator: string;
  action: string;
  user: string;
  from: string;
  to: string;
}
const EMPTY: Draft = { operator: '', action: '', user: '', from: '', to: '' };

function fieldsOf(draft: Draft): Fields {
  return {
    operator: draft.operator.trim(),
    action: draft.action.trim(),
    user: draft.user.trim(),
    from: localInputToMs(draft.from),
    to: localInputToMs(draft.to),
  };
}

export function AuditTab() {
  const { t, locale } = useI18n();
  const { report } = useReport();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [rows, setRows] = useState<AuditRow[] | null>(null);
  const [asked, setAsked] = useState<Fields>({});
  const [more, setMore] = useState(false);
  const [busy, setBusy] = useState(false);

  async function load(fields: Fields, before?: number) {
    setBusy(true);
    try {
      const page = await opsCall('audit', {
        ...fields,
        before: before ? String(before) : undefined,
      });
      setRows((shown) => (before && shown ? [...shown, ...page] : page));
      // A page shorter than the server's page size is the last one.
      setMore(page.length === AUDIT_PAGE_SIZE);
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
    }
  }

  function search(event: FormEvent) {
    event.preventDefault();
    const fields = fieldsOf(draft);
    setAsked(fields);
    void load(fields);
  }

  async function exportCsv() {
    setBusy(true);
    try {
      const { csv } = await opsCall('audit-csv', fieldsOf(draft));
      downloadText(
        csv,
        `meridian-audit-${new Date().toISOString().slice(0, 19).replace(/:/g, '')}.csv`,
        'text/csv',
      );
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
    }
  }

  const input = (name: keyof Draft, label: string, type = 'text', placeholder = '') => (
    <label>
      {label}
      <input
        name={name}
        type={type}
        value={draft[name]}
        placeholder={placeholder}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
    </label>
  );

  const last = rows?.at(-1);
  return (
    <Section title={t('tab.audit')} name="audit">
      <form className="ops-filters" onSubmit={search}>
        {input('operator', t('audit.operator'), 'text', '0x… / cli')}
        {input('action', t('audit.action'), 'text', 'fund')}
        {input('user', t('common.user'), 'text', '0x…')}
        {input('from', t('audit.from'), 'datetime-local')}
        {input('to', t('audit.to'), 'datetime-local')}
        <div className="ops-row">
          <button type="submit" className="ops-button ops-primary" disabled={busy}>
            {t('common.search')}
          </button>
          <button type="button" className="ops-button ops-export" disabled={busy} onClick={exportCsv}>
            {t('audit.export')}
          </button>
        </div>
      </form>
      {rows && (
        <Table
          head={[
            '#',
            t('common.time'),
            t('audit.operator'),
            t('audit.command'),
            t('approval.reason'),
            t('audit.outcome'),
          ]}
          empty={rows.length === 0}
        >
          {rows.map((row) => (
            <tr key={row.id} data-audit={row.id}>
              <td>{row.id}</td>
              <td>{when(row.at, locale)}</td>
              <td title={row.actor}>
                {/^0x[0-9a-fA-F]{40}$/.test(row.actor) ? shortAddress(row.actor) : row.actor}
              </td>
              <td>
                <code>{argvLine([row.command, ...row.args])}</code>
              </td>
              <td>{row.reason ?? ''}</td>
              <td className={row.outcome === 'ok' ? 'ops-good' : 'ops-bad'} title={row.detail ?? ''}>
                {row.outcome === 'ok' ? t('audit.ok') : t('audit.error')}
                {row.detail ? `: ${row.detail}` : ''}
              </td>
            </tr>
          ))}
        </Table>
      )}
      {more && last && (
        <button
          type="button"
          className="ops-button ops-more"
          disabled={busy}
          onClick={() => load(asked, last.id)}
        >
          {t('audit.more')}
        </button>
      )}
    </Section>
  );
}
