import { useTranslation } from 'react-i18next';
import type { MiningHolding } from '../../../protocol/mining.ts';
import { CardHead } from '../../components/CardHead.tsx';
import { Facts } from '../../components/Facts.tsx';
import { NextStep } from '../../components/NextStep.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordCards } from '../../components/RecordList.tsx';
import { RouteLink } from '../../components/RouteLink.tsx';
import { withThousands } from '../../lib/format.ts';
import { formatDay } from '../../lib/format-text.ts';
import { getMyMachines } from './api.ts';
import { hashrateText } from './hashrate.ts';
import { MiningTabs } from './MiningTabs.tsx';

function Holding({ h }: { h: MiningHolding }) {
  const { t } = useTranslation();
  const rate = hashrateText(h.hashrate);
  return (
    <li className="card holding" data-holding={h.id}>
      <CardHead name={h.name} status={h.status} statusLabel={t(`mining.status_${h.status}`)} />
      <p className="muted small">
        {h.joint
          ? t('mining.unitsShares', { count: h.units, total: h.of })
          : t('mining.units', { count: h.units })}{' '}
        · {h.coin}
      </p>
      <Facts
        rows={[
          { label: t('mining.hashrate'), value: `${rate.value} ${rate.unit}`, dir: 'ltr' },
          { label: t('mining.daysLeft'), value: `${h.daysLeft} / ${h.cycleDays}`, dir: 'ltr' },
          {
            label: t('mining.period'),
            value: `${formatDay(h.firstDay)} – ${formatDay(h.lastDay)}`,
            dir: 'ltr',
            wide: true,
          },
          {
            label: t('mining.earned'),
            value: `${withThousands(h.earned)} ${h.coin}`,
            dir: 'ltr',
            className: 'estimate',
          },
          { label: t('mining.paid'), value: `${withThousands(h.paid)} USDT`, dir: 'ltr' },
          {
            label: t('mining.latest'),
            value:
              h.latestOutput === null ? (
                <span className="muted">{t('mining.notStarted', { day: formatDay(h.firstDay) })}</span>
              ) : (
                `${withThousands(h.latestOutput)} ${h.coin} (${formatDay(h.latestDay)})`
              ),
            dir: 'ltr',
            wide: true,
          },
        ]}
      />
      <RouteLink to="miningIncome" search={`holdingId=${h.id}`} />
    </li>
  );
}

/** /miningMachine/myMiningMachine: the signed-in user's rentals and shares, newest first. */
export function MyMiningMachinePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('routes.myMiningMachine')} />
      <MiningTabs />
      <RecordCards<MiningHolding>
        emptyNext={<NextStep kind="machines" />}
        fetchPage={getMyMachines}
        row={(h) => <Holding key={h.id} h={h} />}
      />
    </>
  );
}
