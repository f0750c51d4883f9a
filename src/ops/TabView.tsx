/** The tabs the operator's role opens, as a bar of buttons, and the one open below it. */
import { type ReactNode, useState } from 'react';
import type { OperatorInfo } from '../../protocol/ops.ts';
import { useI18n } from './i18n/i18n.tsx';
import { isTab, type TabId, tabsFor } from './roles.ts';
import { ApprovalsTab } from './tabs/ApprovalsTab.tsx';
import { AuditTab } from './tabs/AuditTab.tsx';
import { ConfigTab } from './tabs/ConfigTab.tsx';
import { DashboardTab } from './tabs/DashboardTab.tsx';
import { NewsTab } from './tabs/NewsTab.tsx';
import { OperatorsTab } from './tabs/OperatorsTab.tsx';
import { UsersTab } from './tabs/UsersTab.tsx';
import { WithdrawalsTab } from './tabs/WithdrawalsTab.tsx';

function tabInPath(): string {
  return location.pathname.replace(/^\/ops\/?/, '').split('/')[0] ?? '';
}

export function TabView({ me }: { me: OperatorInfo }) {
  const { t } = useI18n();
  const tabs = tabsFor(me.role);
  const [chosen, setChosen] = useState<TabId>(() => {
    const wanted = tabInPath();
    return isTab(wanted) && tabs.includes(wanted) ? wanted : 'dashboard';
  });
  const open = tabs.includes(chosen) ? chosen : (tabs[0] ?? 'dashboard');

  function choose(tab: TabId) {
    setChosen(tab);
    history.replaceState(null, '', `/ops/${tab}`);
  }

  const views: Record<TabId, () => ReactNode> = {
    dashboard: () => <DashboardTab />,
    withdrawals: () => <WithdrawalsTab me={me} />,
    users: () => <UsersTab />,
    config: () => <ConfigTab me={me} />,
    approvals: () => <ApprovalsTab me={me} />,
    news: () => <NewsTab />,
    audit: () => <AuditTab />,
    operators: () => <OperatorsTab me={me} />,
  };

  return (
    <>
      <nav className="ops-tabs" aria-label={t('app.tabs')}>
        {tabs.map((tab) => (
          <button
            key={tab}
            type="button"
            className={tab === open ? 'ops-tab ops-tab-open' : 'ops-tab'}
            aria-current={tab === open ? 'page' : undefined}
            data-tab={tab}
            onClick={() => choose(tab)}
          >
            {t(`tab.${tab}`)}
          </button>
        ))}
      </nav>
      <main className="ops-main" data-open={open}>
        {views[open]()}
      </main>
    </>
  );
}
