/**
 * Who may use the console, with which role (protocol/ops.ts `operators`); an admin adds and removes
 * operators, each change with a reason in the audit log.
 */
import { type FormEvent, useState } from 'react';
import { OPERATOR_ROLES, type OperatorInfo, type OperatorRole } from '../../../protocol/ops.ts';
import { opsCall } from '../api.ts';
import { ActionForm } from '../components/ActionForm.tsx';
import { RefreshButton, Section, Table } from '../components/Layout.tsx';
import { useReport } from '../components/Problems.tsx';
import { ReasonField, reasonOk } from '../components/ReasonField.tsx';
import { useOpsLoad } from '../components/use-ops-load.ts';
import { when } from '../format.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { canManageOperators } from '../roles.ts';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function AddOperator({ onAdded }: { onAdded(): void }) {
  const { t } = useI18n();
  const { report, notice } = useReport();
  const [address, setAddress] = useState('');
  const [role, setRole] = useState<OperatorRole>('support');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const ready = ADDRESS.test(address.trim()) && reasonOk(reason);

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    try {
      await opsCall('operator-add', { address: address.trim(), role, reason: reason.trim() });
      notice(t('operators.added', { address: address.trim(), role: t(`role.${role}`) }));
      setAddress('');
      setReason('');
      onAdded();
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="ops-add-operator" onSubmit={add}>
      <div className="ops-grid">
        <div className="ops-field ops-wide">
          <label htmlFor="operator-address">{t('common.address')}</label>
          <input
            id="operator-address"
            name="address"
            required
            pattern="0x[0-9a-fA-F]{40}"
            placeholder="0x…"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
          />
        </div>
        <div className="ops-field">
          <label htmlFor="operator-role">{t('operators.role')}</label>
          <select
            id="operator-role"
            name="role"
            value={role}
            onChange={(event) => setRole(event.target.value as OperatorRole)}
          >
            {OPERATOR_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`role.${r}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ReasonField value={reason} onChange={setReason} />
      <button type="submit" className="ops-button ops-primary" disabled={!ready || busy}>
        {t('operators.add')}
      </button>
    </form>
  );
}

export function OperatorsTab({ me }: { me: OperatorInfo }) {
  const { t, locale } = useI18n();
  const list = useOpsLoad('operators', {});
  const manage = canManageOperators(me.role);
  return (
    <>
      <Section
        title={t('tab.operators')}
        name="operators"
        actions={<RefreshButton busy={list.busy} onClick={list.reload} />}
      >
        <Table
          head={[
            t('common.address'),
            t('operators.role'),
            t('operators.addedBy'),
            t('operators.addedAt'),
            t('operators.removedAt'),
            '',
          ]}
          empty={(list.data ?? []).length === 0}
        >
          {(list.data ?? []).map((row) => (
            <tr
              key={`${row.address} ${row.addedAt}`}
              data-operator={row.address}
              className={row.removedAt ? 'ops-removed' : ''}
            >
              <td>
                <code>{row.address}</code>
              </td>
              <td>{t(`role.${row.role}`)}</td>
              <td>
                <code>{row.addedBy}</code>
              </td>
              <td>{when(row.addedAt, locale)}</td>
              <td>{row.removedAt ? when(row.removedAt, locale) : '—'}</td>
              <td>
                {manage && !row.removedAt && row.address.toLowerCase() !== me.address.toLowerCase() && (
                  <ActionForm
                    action="remove-operator"
                    label={t('operators.remove')}
                    danger
                    run={async (reason) => {
                      await opsCall('operator-remove', { address: row.address, reason });
                      return null;
                    }}
                    onDone={list.reload}
                  />
                )}
              </td>
            </tr>
          ))}
        </Table>
      </Section>
      {manage && (
        <Section title={t('operators.addTitle')} name="operator-add">
          <AddOperator onAdded={list.reload} />
        </Section>
      )}
    </>
  );
}
