import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { IdoOffering } from '../../../protocol/ido.ts';
import { CardHead } from '../../components/CardHead.tsx';
import { Facts } from '../../components/Facts.tsx';
import { When } from '../../components/When.tsx';
import { withThousands } from '../../lib/format.ts';
import { Countdown } from './Countdown.tsx';
import { percentOf } from './countdown.ts';

/** The next moment that matters in an offering's phase, and what to call the wait for it. */
function nextMoment(o: IdoOffering): { label: string; at: number } | null {
  if (o.phase === 'coming_soon') return { label: 'ido.startsIn', at: o.startTime };
  if (o.phase === 'ongoing') return { label: 'ido.endsIn', at: o.endTime };
  if (o.phase === 'ended') return { label: 'ido.releaseIn', at: o.releaseTime };
  return null;
}

/** One offering: price, offering, progress of what is subscribed, times, and the live countdown. */
export function OfferingCard({ offering: o, action }: { offering: IdoOffering; action?: ReactNode }) {
  const { t } = useTranslation();
  const next = nextMoment(o);
  const percent = percentOf(o.subscribed, o.offering);
  return (
    <li className="card offering-card" data-token={o.token}>
      <CardHead name={o.name} status={o.phase} statusLabel={t(`ido.phase_${o.phase}`)} />
      <p className="muted small" dir="auto">
        {o.description}
      </p>
      {next ? (
        <p className="offering-countdown">
          <span className="muted small">{t(next.label)} </span>
          <Countdown to={next.at} />
        </p>
      ) : null}
      <div
        className="progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('ido.progress', { percent })}
      >
        <span className="progress-fill" style={{ inlineSize: `${percent}%` }} />
      </div>
      <p className="muted small">{t('ido.progress', { percent })}</p>
      <Facts
        rows={[
          { label: t('ido.price'), value: `${o.price} USDT / ${o.token}`, dir: 'ltr' },
          { label: t('ido.offering'), value: `${withThousands(o.offering)} ${o.token}`, dir: 'ltr' },
          {
            label: t('ido.sharePrice'),
            value: `${withThousands(o.sharePrice)} USDT (${withThousands(o.shareSize)} ${o.token})`,
            dir: 'ltr',
          },
          { label: t('ido.sharesPerUser'), value: `${o.minShares} – ${o.maxShares}`, dir: 'ltr' },
          { label: t('ido.subscribed'), value: `${withThousands(o.subscribed)} ${o.token}`, dir: 'ltr' },
          { label: t('ido.participants'), value: String(o.participants), dir: 'ltr' },
          o.winningRate !== null && {
            label: t('ido.winningRate'),
            value: `${o.winningRate}%`,
            dir: 'ltr',
            className: 'estimate',
          },
          o.issued !== null && {
            label: t('ido.issued'),
            value: `${withThousands(o.issued)} ${o.token}`,
            dir: 'ltr',
          },
          { label: t('ido.startTime'), value: <When at={o.startTime} />, wide: true },
          { label: t('ido.endTime'), value: <When at={o.endTime} />, wide: true },
          { label: t('ido.releaseTime'), value: <When at={o.releaseTime} />, wide: true },
        ]}
      />
      {action}
    </li>
  );
}
