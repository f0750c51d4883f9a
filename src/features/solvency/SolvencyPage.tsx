/**
 * Proof of solvency (/solvency, docs/solvency.md): the latest liabilities snapshot with its root
 * hash, per coin the liabilities, the reserves read on chain and their ratio ("not attested" where
 * no reading exists), a check of the signed-in wallet's own inclusion, and the history.
 */
import { useTranslation } from 'react-i18next';
import type { SolvencyCoin, SolvencySnapshot } from '../../../protocol/solvency.ts';
import { ColumnHeads } from '../../components/ColumnHeads.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { Facts } from '../../components/Facts.tsx';
import { LoadedPage } from '../../components/LoadedPage.tsx';
import { fixNumber, formatDateTime, multiply, shorten, withThousands } from '../../lib/format.ts';
import { getSnapshots } from './api.ts';
import { VerifyProof } from './VerifyProof.tsx';
import './solvency.css';

/** A ratio of 4 decimals as a percent of 2: `'1.2345'` -> `'123.45%'`. */
const percent = (ratio: string) => `${withThousands(fixNumber(multiply(ratio, 100), 2))}%`;

function CoinRows({ coins }: { coins: SolvencyCoin[] }) {
  const { t } = useTranslation();
  return (
    <table className="solvency-coins">
      <ColumnHeads
        labels={[t('solvency.coin'), t('solvency.liabilities'), t('solvency.reserves'), t('solvency.ratio')]}
      />
      <tbody>
        {coins.map((c) => (
          <tr key={c.coin} data-coin={c.coin}>
            <th scope="row">{c.coin}</th>
            <td dir="ltr">{withThousands(c.liabilities)}</td>
            <td
              dir={c.reserves === null ? undefined : 'ltr'}
              className={c.reserves === null ? 'muted' : undefined}
            >
              {c.reserves === null ? t('solvency.notAttested') : withThousands(c.reserves)}
            </td>
            <td dir="ltr">{c.ratio === null ? '--' : percent(c.ratio)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Latest({ snapshot }: { snapshot: SolvencySnapshot }) {
  const { t } = useTranslation();
  return (
    <section className="card solvency-latest">
      <h2>{t('solvency.latest')}</h2>
      <Facts
        rows={[
          { label: t('solvency.takenAt'), value: formatDateTime(snapshot.takenAt), dir: 'ltr' },
          { label: t('solvency.users'), value: withThousands(String(snapshot.userCount)), dir: 'ltr' },
          {
            label: t('solvency.root'),
            value: (
              <span className="solvency-root">
                <code className="hash" title={snapshot.rootHash}>
                  {shorten(snapshot.rootHash, 10, 10)}
                </code>
                <CopyButton text={snapshot.rootHash} label={t('solvency.root')} />
              </span>
            ),
            dir: 'ltr',
            wide: true,
          },
        ]}
      />
      <CoinRows coins={snapshot.coins.filter((c) => c.liabilities !== '0' || c.reserves !== null)} />
    </section>
  );
}

export function SolvencyPage() {
  const { t } = useTranslation();
  return (
    <LoadedPage
      title={t('routes.solvency')}
      fetcher={getSnapshots}
      intro={<p className="muted">{t('solvency.intro')}</p>}
      empty={(l) => l.snapshots.length === 0}
    >
      {({ snapshots }) => {
        const [latest, ...earlier] = snapshots;
        if (!latest) return null;
        return (
          <>
            <Latest snapshot={latest} />
            <VerifyProof snapshotId={latest.id} />
            {earlier.length > 0 ? (
              <section className="card">
                <h2>{t('solvency.history')}</h2>
                <ul className="solvency-history">
                  {earlier.map((s) => (
                    <li key={s.id}>
                      <span dir="ltr">{formatDateTime(s.takenAt)}</span>
                      <code className="hash" dir="ltr" title={s.rootHash}>
                        {shorten(s.rootHash, 8, 8)}
                      </code>
                      <span className="muted small">{t('solvency.usersCount', { count: s.userCount })}</span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        );
      }}
    </LoadedPage>
  );
}
