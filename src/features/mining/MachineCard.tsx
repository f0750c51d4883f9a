import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { MiningMachine } from '../../../protocol/mining.ts';
import { CardHead } from '../../components/CardHead.tsx';
import { Facts } from '../../components/Facts.tsx';
import { withThousands } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { hashrateText } from './hashrate.ts';

/** One machine in the mall or the joint-venture list: what it is, what it costs, what it earns. */
export const MachineCard = memo(function MachineCard({ machine: m }: { machine: MiningMachine }) {
  const { t } = useTranslation();
  const rate = hashrateText(m.hashrate);
  return (
    <li>
      <Link href={`${paths.miningRigDetails.path}?id=${m.id}`} className="card machine-card" data-key={m.key}>
        <CardHead name={m.name}>
          <span className="machine-badges">
            {m.joint ? <span className="badge">{t('mining.joint')}</span> : null}
            {m.soldOut ? <span className="badge sold-out-text">{t('mining.soldOut')}</span> : null}
          </span>
        </CardHead>
        <p className="muted small">
          {m.algorithm} · {m.coin} ·{' '}
          <span dir="ltr">
            {rate.value} {rate.unit}
          </span>{' '}
          · {t('mining.days', { count: m.cycleDays })}
        </p>
        <Facts
          rows={[
            {
              label: m.joint ? t('mining.pricePerShare') : t('mining.rent'),
              value: `${withThousands(m.rent)} USDT`,
              dir: 'ltr',
            },
            { label: t('mining.estimatedDaily'), value: `${m.dailyOutputPerStep} ${m.coin}`, dir: 'ltr' },
            // The net figure over the whole cycle, a loss in the loss colour (docs/mining.md, "Yields").
            {
              label: t('mining.cycleReturn'),
              value: m.cycleReturn === null ? '--' : `${m.cycleReturn}%`,
              dir: 'ltr',
              className:
                m.cycleReturn === null ? undefined : m.cycleReturn.startsWith('-') ? 'net-loss' : 'estimate',
            },
            {
              label: m.joint ? t('mining.share') : t('mining.available'),
              value: m.joint
                ? t('mining.sharesLeft', { count: m.available, total: m.shares })
                : withThousands(m.available),
              dir: 'ltr',
            },
          ]}
        />
        {m.outputSource === 'demo' ? <span className="demo-badge">{t('mining.demoOutput')}</span> : null}
      </Link>
    </li>
  );
});
