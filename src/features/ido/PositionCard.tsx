import { useTranslation } from 'react-i18next';
import type { IdoPosition } from '../../../protocol/ido.ts';
import { CardHead } from '../../components/CardHead.tsx';
import { Facts } from '../../components/Facts.tsx';
import { withThousands } from '../../lib/format.ts';
import { Countdown } from './Countdown.tsx';

/** One of the user's subscriptions: what was asked and frozen, and after the end what was won and returned. */
export function PositionCard({ position: p }: { position: IdoPosition }) {
  const { t } = useTranslation();
  const after = p.won !== null;
  return (
    <li className="card position-card" data-token={p.token}>
      <CardHead name={p.name} status={p.phase} statusLabel={t(`ido.phase_${p.phase}`)} />
      <Facts
        rows={[
          { label: t('ido.shares'), value: String(p.shares), dir: 'ltr' },
          {
            label: t('ido.subscribedAmount'),
            value: `${withThousands(p.subscribedAmount)} USDT`,
            dir: 'ltr',
          },
          {
            label: t('ido.tokensAsked'),
            value: `${withThousands(p.subscribedTokens)} ${p.token}`,
            dir: 'ltr',
          },
          { label: t('ido.frozen'), value: `${withThousands(p.frozen)} USDT`, dir: 'ltr' },
          after && { label: t('ido.won'), value: `${withThousands(p.won ?? '0')} ${p.token}`, dir: 'ltr' },
          after && {
            label: t('ido.consumed'),
            value: `${withThousands(p.consumed ?? '0')} USDT`,
            dir: 'ltr',
          },
          after && {
            label: t('ido.refunded'),
            value: `${withThousands(p.refunded ?? '0')} USDT`,
            dir: 'ltr',
          },
          after && { label: t('ido.personalRate'), value: `${p.personalRate}%`, dir: 'ltr' },
          p.remainingMs > 0 && {
            label: t('ido.remaining'),
            value: <Countdown to={Date.now() + p.remainingMs} />,
            wide: true,
          },
        ]}
      />
    </li>
  );
}
