/**
 * What the platform offers right now, from the global configuration: the coins with their
 * networks and which features are open. A skeleton while the first copy loads, a retry when it
 * failed; later refreshes happen in the background.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { FEATURES } from '../../../protocol/codes.ts';
import { configError, configStatus, globalConfig, refreshConfig } from './config-model.ts';

export function PlatformOverview() {
  useSignals();
  const { t } = useTranslation();
  const config = globalConfig.value;

  if (!config && configStatus.value === 'failed') {
    return (
      <section className="card" role="alert">
        <p>{configError.value}</p>
        <button type="button" className="button" onClick={() => void refreshConfig()}>
          {t('app.retry')}
        </button>
      </section>
    );
  }
  if (!config) {
    return (
      <section className="card" aria-busy="true" aria-label={t('app.loading')}>
        <div className="skeleton skeleton-title" />
        <div className="skeleton" />
        <div className="skeleton" />
        <div className="skeleton" />
      </section>
    );
  }
  const chainName = new Map(config.chains.map((c) => [c.id, c.name]));
  return (
    <>
      <section className="card">
        <h2>{t('app.supportedCoins')}</h2>
        <ul className="coin-list">
          {/* Coins that move on a chain; those held on the platform only (mined coins, IDO tokens)
              show in assets and their own features, not as coins one can deposit. */}
          {config.coins
            .filter((coin) => coin.chains.length > 0)
            .map((coin) => (
              <li key={coin.symbol}>
                <span className="coin-symbol">{coin.symbol}</span>
                <span className="coin-name">{coin.name}</span>
                <span className="coin-chains">
                  {coin.chains.map((c) => chainName.get(c) ?? c).join(' · ')}
                </span>
              </li>
            ))}
        </ul>
      </section>
      <section className="card">
        <h2>{t('app.features')}</h2>
        <ul className="feature-list">
          {FEATURES.map((f) => (
            <li key={f} className={config.features[f] ? 'open' : 'closed'}>
              <span>{t(`features.${f}`)}</span>
              <span className="feature-state">{config.features[f] ? '' : t('app.notOpenYet')}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
