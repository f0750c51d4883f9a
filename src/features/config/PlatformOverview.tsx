/**
 * The coins the platform moves, with their networks, from the global configuration (which
 * features are open shows in home's quick entries). A skeleton while the first copy loads, a retry when it
 * failed; later refreshes happen in the background.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { useTransitionSignal } from '../../lib/use-transition-signal.ts';
import { configError, configStatus, globalConfig, refreshConfig } from './config-model.ts';

export function PlatformOverview() {
  useSignals();
  const { t } = useTranslation();
  // The first configuration mounts the lists: rendered in slices (src/lib/use-transition-signal.ts).
  const config = useTransitionSignal(globalConfig);
  const status = useTransitionSignal(configStatus);

  if (!config && status === 'failed') {
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
              <span className="coin-chains">{coin.chains.map((c) => chainName.get(c) ?? c).join(' · ')}</span>
            </li>
          ))}
      </ul>
    </section>
  );
}
