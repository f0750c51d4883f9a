import { useTranslation } from 'react-i18next';
import { SectionTabs } from '../../components/SectionTabs.tsx';
import type { RouteName } from '../../lib/paths.ts';

/** The mining section's pages, under the mining machine parent route (docs/spec/product.md section 2). */
const TABS: readonly RouteName[] = ['miningMall', 'jointVenture', 'myMiningMachine', 'miningIncome'];

export function MiningTabs() {
  const { t } = useTranslation();
  return <SectionTabs tabs={TABS} label={t('nav.miningTabs')} />;
}
