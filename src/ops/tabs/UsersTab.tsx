/**
 * One user, found by wallet address or referral code (protocol/ops.ts `user`): balances, journal
 * movements, orders, invitees and sessions. Read-only: changes go through commands with a reason.
 */
import { type FormEvent, useState } from 'react';
import { Facts, Section, Table } from '../components/Layout.tsx';
import { RecordsTable } from '../components/RecordsTable.tsx';
import { useOpsLoad } from '../components/use-ops-load.ts';
import { when } from '../format.ts';
import { useI18n } from '../i18n/i18n.tsx';

export function UsersTab() {
  const { t, locale } = useI18n();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const { data, busy } = useOpsLoad('user', query === null ? null : { query });

  function search(event: FormEvent) {
    event.preventDefault();
    if (draft.trim().length >= 4) setQuery(draft.trim());
  }

  return (
    <>
      <Section title={t('tab.users')} name="user-search">
        <form className="ops-filters" onSubmit={search}>
          <label className="ops-grow">
            {t('user.query')}
            <input
              name="query"
              value={draft}
              minLength={4}
              maxLength={64}
              required
              placeholder={t('user.queryHint')}
              onChange={(event) => setDraft(event.target.value)}
            />
          </label>
          <button type="submit" className="ops-button ops-primary" disabled={busy}>
            {t('common.search')}
          </button>
        </form>
      </Section>
      {data && query !== null && (
        <>
          <Section title={t('user.profile')} name="user">
            <Facts
              items={[
                [t('common.address'), <code key="a">{data.address}</code>],
                [t('user.inviteCode'), data.inviteCode],
                [t('user.inviter'), data.inviter ? <code key="i">{data.inviter}</code> : '—'],
                [t('user.since'), when(data.createdAt, locale)],
              ]}
            />
          </Section>
          <Section title={t('user.balances')} name="user-balances">
            <Table
              head={[t('common.coin'), t('user.available'), t('user.frozen')]}
              empty={data.balances.length === 0}
            >
              {data.balances.map((b) => (
                <tr key={b.coin}>
                  <td>{b.coin}</td>
                  <td className="ops-num">{b.available}</td>
                  <td className="ops-num">{b.frozen}</td>
                </tr>
              ))}
            </Table>
          </Section>
          <Section title={t('user.records')} name="user-records">
            <RecordsTable records={data.records} />
          </Section>
          <Section title={t('user.orders')} name="user-orders">
            <Table
              head={[
                '#',
                t('dash.instrument'),
                t('user.side'),
                t('user.lots'),
                t('common.status'),
                t('common.time'),
              ]}
              empty={data.orders.length === 0}
            >
              {data.orders.map((o) => (
                <tr key={o.id}>
                  <td>{o.id}</td>
                  <td>{o.instrument}</td>
                  <td>{o.side}</td>
                  <td className="ops-num">{o.lots}</td>
                  <td>{o.status}</td>
                  <td>{when(o.openedAt, locale)}</td>
                </tr>
              ))}
            </Table>
          </Section>
          <Section title={t('user.invitees')} name="user-invitees">
            <Table head={[t('common.address'), t('user.since')]} empty={data.invitees.length === 0}>
              {data.invitees.map((i) => (
                <tr key={i.address}>
                  <td>
                    <code>{i.address}</code>
                  </td>
                  <td>{when(i.createdAt, locale)}</td>
                </tr>
              ))}
            </Table>
          </Section>
          <Section title={t('user.sessions')} name="user-sessions">
            <Table
              head={[t('user.signedIn'), t('user.expires'), t('user.revoked')]}
              empty={data.sessions.length === 0}
            >
              {data.sessions.map((s, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list redrawn whole
                <tr key={i}>
                  <td>{when(s.createdAt, locale)}</td>
                  <td>{when(s.expiresAt, locale)}</td>
                  <td>{s.revoked ? t('common.yes') : t('common.no')}</td>
                </tr>
              ))}
            </Table>
          </Section>
        </>
      )}
    </>
  );
}
