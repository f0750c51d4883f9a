import { useTranslation } from 'react-i18next';
import type { MiningMachine } from '../../../protocol/mining.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordCards } from '../../components/RecordList.tsx';
import { getJointMachines, getMall } from './api.ts';
import { MachineCard } from './MachineCard.tsx';
import { MiningTabs } from './MiningTabs.tsx';

/**
 * A list of machines under the mining tabs: the whole mall (10050), or the joint-operated ones with
 * shares left (10056).
 */
function MachinesPage({ title, intro, joint }: { title: string; intro: string; joint: boolean }) {
  return (
    <>
      <PageHeader title={title} />
      <MiningTabs />
      <p className="muted small">{intro}</p>
      <RecordCards<MiningMachine>
        fetchPage={joint ? getJointMachines : getMall}
        row={(m) => <MachineCard key={m.id} machine={m} />}
      />
    </>
  );
}

/** /miningMachine/miningMachineMall: every machine on sale, public. */
export function MiningMallPage() {
  const { t } = useTranslation();
  return <MachinesPage title={t('routes.miningMall')} intro={t('mining.intro')} joint={false} />;
}

/** /jointVenture: machines split into shares that still have shares left. */
export function JointVenturePage() {
  const { t } = useTranslation();
  return <MachinesPage title={t('routes.jointVenture')} intro={t('mining.jvIntro')} joint />;
}
