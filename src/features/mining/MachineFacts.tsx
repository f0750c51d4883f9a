import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MiningMachine } from '../../../protocol/mining.ts';
import { Facts } from '../../components/Facts.tsx';
import { When } from '../../components/When.tsx';
import { withThousands } from '../../lib/format.ts';
import { efficiencyText, hashrateText } from './hashrate.ts';

/** Every field of a machine (docs/spec/product.md section 3), each as the operator configured it or computed. */
export function MachineFacts({ machine: m }: { machine: MiningMachine }) {
  const { t } = useTranslation();
  const rate = hashrateText(m.hashrate);
  // Numbers read left to right; operator text (chip, environment) takes the direction of its own script.
  const rows: [label: string, value: ReactNode, dir?: 'ltr' | 'auto'][] = [
    [t('mining.type'), m.algorithm, 'ltr'],
    [t('mining.coin'), m.coin, 'ltr'],
    [t('mining.hashrate'), `${rate.value} ${rate.unit}`, 'ltr'],
    [t('mining.power'), `${withThousands(m.power)} W`, 'ltr'],
    [t('mining.efficiency'), efficiencyText(m.efficiency, m.hashrate), 'ltr'],
    [t('mining.size'), m.size, 'ltr'],
    [t('mining.weight'), `${m.weight} kg`, 'ltr'],
    [t('mining.chip'), m.chip, 'auto'],
    [t('mining.environment'), m.environment, 'auto'],
    [t('mining.cycle'), t('mining.days', { count: m.cycleDays })],
    [m.joint ? t('mining.pricePerShare') : t('mining.rent'), `${withThousands(m.rent)} USDT`, 'ltr'],
    [t('mining.serviceFee'), `${withThousands(m.serviceFee)} USDT`, 'ltr'],
    [
      t('mining.estimatedDaily'),
      m.joint
        ? t('mining.perShare', { amount: m.dailyOutputPerStep, coin: m.coin })
        : t('mining.perUnit', { amount: m.estimatedDailyOutput, coin: m.coin }),
    ],
    // What a day's output is worth against the rent: gross, before the rent is paid back and the fee.
    [t('mining.grossDaily'), m.yieldRate === null ? '--' : `${m.yieldRate}%`, 'ltr'],
    [m.joint ? t('mining.share') : t('mining.stock'), withThousands(m.shares), 'ltr'],
    [t('mining.available'), withThousands(m.available), 'ltr'],
    [t('mining.minPurchase'), String(m.minPurchase), 'ltr'],
    [t('mining.startTime'), <When key="start" at={m.startTime} />],
    [t('mining.boost'), `${m.boost}%`, 'ltr'],
    [t('mining.joint'), m.joint ? t('mining.yes') : t('mining.no')],
  ];
  return (
    <Facts className="machine-details" rows={rows.map(([label, value, dir]) => ({ label, value, dir }))} />
  );
}
