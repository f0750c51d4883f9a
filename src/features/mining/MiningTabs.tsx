import { useTranslation } from 'react-i18next';
import type { RouteName } from '../../app/paths.ts';
import { SectionTabs } from '../../components/SectionTabs.tsx';

/** The mining section's pages, under the mining machine parent route (SPEC.md section 2). */
const TABS: readonly RouteName[] = ['miningMall', 'jointVenture', 'myMiningMachine', 'miningIncome'];

export function MiningTabs() {
  const { t } = useTranslation();
  return <SectionTabs tabs={TABS} label={t('nav.miningTabs')} />;
}
