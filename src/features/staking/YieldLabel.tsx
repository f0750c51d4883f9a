/**
 * "Annualized yield up to X%", computed by the server from the plans that can still be staked
 * (00000 maxApr); nothing is shown while staking is closed or every plan is sold out.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../app/paths.ts';
import { currentUser } from '../../app/store.ts';
import { firstConfigLoading, globalConfig } from '../config/config-model.ts';

export function YieldLabel({ link = true }: { link?: boolean }) {
  useSignals();
  const { t } = useTranslation();
  const config = globalConfig.value;
  // Before the first configuration arrives, an empty card of the same height holds the place.
  if (!config) {
    if (!firstConfigLoading.value) return null;
    return (
      <section className="card yield-label placeholder" aria-hidden="true">
        <span className="yield-title">&nbsp;</span>
        <span className="yield-value">&nbsp;</span>
      </section>
    );
  }
  const apr = config.maxApr;
  if (!apr) return null;
  const content = (
    <>
      <span className="yield-title">{t('routes.staking')}</span>
      <span className="yield-value">{t('staking.upTo', { apr })}</span>
    </>
  );
  if (!link) return <section className="card yield-label">{content}</section>;
  // Without a wallet the public staking screen shows the plans; /Staking needs a wallet.
  const href = currentUser() ? paths.staking.path : paths.stakingPublic.path;
  return (
    <Link href={href} className="card yield-label">
      {content}
    </Link>
  );
}
