/**
 * "Up to X% a year, net, at today's prices", computed by the server from the staking plans that can still be staked
 * and the mining machines still for sale (00000 topYield), linking to the plan list or the machine
 * it comes from; nothing is shown when neither offers a positive rate.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { currentUser } from '../../app/store.ts';
import { paths } from '../../lib/paths.ts';
import { useTransitionSignal } from '../../lib/use-transition-signal.ts';
import { firstConfigLoading, globalConfig } from '../config/index.ts';

export function YieldLabel({ link = true }: { link?: boolean }) {
  useSignals();
  const { t } = useTranslation();
  // The configuration's arrival renders in slices (src/lib/use-transition-signal.ts).
  const config = useTransitionSignal(globalConfig);
  const loading = useTransitionSignal(firstConfigLoading);
  // Before the first configuration arrives, an empty card of the same height holds the place.
  if (!config) {
    if (!loading) return null;
    return (
      <section className="card yield-label placeholder" aria-hidden="true">
        <span className="yield-title">&nbsp;</span>
        <span className="yield-value">&nbsp;</span>
      </section>
    );
  }
  const top = config.topYield;
  if (!top) return null;
  const content = (
    <>
      <span className="yield-title">
        {top.source === 'staking' ? t('routes.staking') : `${t('home.miningTitle')} · ${top.name}`}
      </span>
      <span className="yield-value">{t('home.topYield', { percent: top.percent })}</span>
    </>
  );
  if (!link) return <section className="card yield-label">{content}</section>;
  // It links to where the figure comes from. Without a wallet the public staking screen shows the
  // plans; /Staking needs a wallet.
  const href =
    top.source === 'mining'
      ? `${paths.miningRigDetails.path}?id=${top.machineId}`
      : currentUser()
        ? paths.staking.path
        : paths.stakingPublic.path;
  return (
    <Link href={href} className="card yield-label">
      {content}
    </Link>
  );
}
