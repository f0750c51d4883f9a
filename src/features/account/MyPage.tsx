import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LanguagePicker } from '../../app/LanguagePicker.tsx';
import { currentUser } from '../../app/store.ts';
import { Facts } from '../../components/Facts.tsx';
import { formatDate } from '../../lib/format.ts';
import { paths, type RouteName } from '../../lib/paths.ts';
import { AddressChip } from './AddressChip.tsx';
import { signOut } from './sign-in.ts';

// Every entry leads to a working screen (tests/e2e/routes.spec.ts walks them all).
const SECTIONS: readonly { title: string; routes: readonly RouteName[] }[] = [
  {
    title: 'my.account',
    routes: ['assets', 'finance', 'recharge', 'rechargeRecord', 'withdraw', 'withdrawRecord'],
  },
  { title: 'my.invite', routes: ['share'] },
  {
    title: 'my.records',
    routes: [
      'flashExchange',
      'flashRedemptionRecord',
      'staking',
      'stakingRecord',
      'myMiningMachine',
      'miningIncome',
      'idoPosition',
    ],
  },
  { title: 'my.trading', routes: ['placeOrder', 'futuresOrder', 'alerts', 'jointVenture'] },
  { title: 'my.help', routes: ['news', 'contact', 'solvency'] },
];

export function MyPage() {
  useSignals();
  const { t } = useTranslation();
  const user = currentUser();
  if (!user) return null; // the guard is on its way home
  return (
    <>
      <header className="page-header page-header-plain">
        <h1>{t('routes.my')}</h1>
      </header>
      <section className="card profile">
        <span className="muted">{t('wallet.address')}</span>
        <AddressChip address={user.address} />
        <Facts
          rows={[
            { label: t('my.invitationCode'), value: user.inviteCode, className: 'mono' },
            { label: t('my.memberSince'), value: formatDate(user.createdAt) },
          ]}
        />
      </section>
      {SECTIONS.map((section) => (
        <section key={section.title} className="card">
          <h2>{t(section.title)}</h2>
          <ul className="link-list">
            {section.routes.map((name) => (
              <li key={name}>
                <Link href={paths[name].path}>{t(`routes.${paths[name].title}`)}</Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section className="card">
        <h2>{t('my.settings')}</h2>
        <div className="setting-row">
          <span>{t('app.language')}</span>
          <LanguagePicker />
        </div>
      </section>
      <button type="button" className="button button-secondary block" onClick={() => void signOut()}>
        {t('wallet.disconnect')}
      </button>
    </>
  );
}
