/**
 * The operations at a glance (protocol/ops-dashboard.ts): are the books balanced, can the pools
 * pay what they promised, are the hot wallets, price feeds and jobs alive, what waits for an operator.
 */
import { Facts, RefreshButton, Section, Table } from '../components/Layout.tsx';
import { useOpsLoad } from '../components/use-ops-load.ts';
import { duration, shortAddress, when } from '../format.ts';
import { useI18n } from '../i18n/i18n.tsx';

/** A coverage below 1 means the pool cannot pay all it promised. */
function coverageClass(coverage: string | null): string {
  if (coverage === null) return '';
  return Number(coverage) < 1 ? 'ops-bad' : 'ops-good';
}

/** Feeds more than a minute behind are worth a look. */
const FEED_LAG_WARN_MS = 60_000;

export function DashboardTab() {
  const { t, locale } = useI18n();
  const { data, busy, reload } = useOpsLoad('dashboard', {});
  const refresh = <RefreshButton busy={busy} onClick={reload} />;
  if (!data)
    return (
      <Section title={t('tab.dashboard')} actions={refresh}>
        {null}
      </Section>
    );
  const now = Date.now();
  return (
    <>
      <div className="ops-cards">
        <div className={`ops-card ${data.audit.balanced ? 'ops-good' : 'ops-bad'}`} data-card="audit">
          <span>{t('dash.audit')}</span>
          <strong>
            {data.audit.balanced ? t('dash.balanced') : t('dash.problems', { n: data.audit.problems })}
          </strong>
          <small>{when(data.audit.checkedAt, locale)}</small>
        </div>
        <div className="ops-card" data-card="withdrawals">
          <span>{t('dash.withdrawalsWaiting')}</span>
          <strong>{data.withdrawalsWaiting}</strong>
        </div>
        <div className="ops-card" data-card="approvals">
          <span>{t('dash.approvalsPending')}</span>
          <strong>{data.approvalsPending}</strong>
        </div>
        <div className="ops-card" data-card="solvency">
          <span>{t('dash.solvency')}</span>
          <strong>{data.solvency ? `#${data.solvency.id}` : '—'}</strong>
          <small title={data.solvency?.rootHash}>
            {data.solvency
              ? t('dash.solvencyOf', { at: when(data.solvency.takenAt, locale), users: data.solvency.users })
              : t('dash.noSnapshot')}
          </small>
          {/* A snapshot that missed the journal's lock keeps no checkpoint: correct, only slower
              next time; several in a row are worth a look (docs/solvency.md). */}
          {data.solvency && (
            <small data-checkpoint={data.solvency.journalThrough ?? 'none'}>
              {data.solvency.journalThrough === null
                ? t('dash.noCheckpoint')
                : t('dash.journalThrough', { n: data.solvency.journalThrough })}
            </small>
          )}
        </div>
      </div>

      <Section title={t('dash.pools')} actions={refresh} name="pools">
        <Table
          head={[
            t('dash.account'),
            t('common.coin'),
            t('dash.balance'),
            t('dash.promised'),
            t('dash.coverage'),
          ]}
          empty={data.pools.length === 0}
        >
          {data.pools.map((pool) => (
            <tr key={`${pool.account} ${pool.coin}`} data-pool={`${pool.account} ${pool.coin}`}>
              <td>{pool.account}</td>
              <td>{pool.coin}</td>
              <td className="ops-num" data-field="balance">
                {pool.balance}
              </td>
              <td className="ops-num">{pool.promised}</td>
              <td className={`ops-num ${coverageClass(pool.coverage)}`}>{pool.coverage ?? '—'}</td>
            </tr>
          ))}
        </Table>
      </Section>

      <Section title={t('dash.hotWallets')} name="hot-wallets">
        <Table
          head={[t('common.chain'), t('common.address'), t('dash.balance'), t('dash.paused')]}
          empty={data.hotWallets.length === 0}
        >
          {data.hotWallets.map((w) => (
            <tr key={w.chain}>
              <td>{w.chain}</td>
              <td title={w.address ?? ''}>{w.address ? shortAddress(w.address) : t('dash.byHand')}</td>
              <td className="ops-num">
                {w.error ? (
                  <span className="ops-bad">{w.error}</span>
                ) : (
                  w.balances.map((b) => <div key={b.coin}>{`${b.balance} ${b.coin}`}</div>)
                )}
              </td>
              <td className={w.paused.length > 0 ? 'ops-bad' : ''}>
                {w.paused.length === 0
                  ? t('common.no')
                  : w.paused.map((p) => (
                      <div key={p.coin} title={when(p.since, locale)}>{`${p.coin}: ${p.reason}`}</div>
                    ))}
              </td>
            </tr>
          ))}
        </Table>
      </Section>

      <Section title={t('dash.feeds')} name="feeds">
        <Table
          head={[
            t('dash.instrument'),
            t('dash.source'),
            t('common.status'),
            t('dash.lastTick'),
            t('dash.lag'),
          ]}
          empty={data.feeds.length === 0}
        >
          {data.feeds.map((f) => (
            <tr key={`${f.instrument} ${f.source}`}>
              <td>{f.instrument}</td>
              <td>{f.source}</td>
              <td>{f.state}</td>
              <td>{when(f.lastTick, locale)}</td>
              <td className={f.lagMs === null || f.lagMs > FEED_LAG_WARN_MS ? 'ops-bad' : ''}>
                {f.lagMs === null ? '—' : duration(f.lagMs, t)}
              </td>
            </tr>
          ))}
        </Table>
      </Section>

      <Section title={t('dash.jobs')} name="jobs">
        <Table
          head={[t('dash.job'), t('dash.lastRun'), t('dash.outcome'), t('dash.running')]}
          empty={data.jobs.length === 0}
        >
          {data.jobs.map((j) => (
            <tr key={j.job}>
              <td>{j.job}</td>
              <td>
                {j.lastRun === null
                  ? '—'
                  : `${when(j.lastRun, locale)} (${t('time.ago', { time: duration(now - j.lastRun, t) })})`}
              </td>
              <td className={j.lastOutcome?.startsWith('failed') ? 'ops-bad ops-wrap' : 'ops-wrap'}>
                {j.lastOutcome ?? '—'}
              </td>
              <td>{j.running ? t('common.yes') : t('common.no')}</td>
            </tr>
          ))}
        </Table>
      </Section>
      <Facts items={[[t('dash.loadedAt'), when(now, locale)]]} />
    </>
  );
}
