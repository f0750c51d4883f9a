/**
 * What the platform offers right now, straight from the global configuration: the coins with
 * their networks and which features are open. Shows a skeleton while loading and a retry on
 * failure.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEATURES } from '../../../protocol/codes.ts';
import type { GlobalConfig } from '../../../protocol/config.ts';
import { getConfig } from './get-config.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; config: GlobalConfig };

export function PlatformOverview() {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(() => {
    setState({ kind: 'loading' });
    getConfig().then(
      (config) => setState({ kind: 'ready', config }),
      (error: Error) => setState({ kind: 'failed', message: error.message }),
    );
  }, []);

  useEffect(load, [load]);

  if (state.kind === 'loading') {
    return (
      <section className="card" aria-busy="true" aria-label={t('app.loading')}>
        <div className="skeleton skeleton-title" />
        <div className="skeleton" />
        <div className="skeleton" />
        <div className="skeleton" />
      </section>
    );
  }
  if (state.kind === 'failed') {
    return (
      <section className="card" role="alert">
        <p>{state.message}</p>
        <button type="button" className="button" onClick={load}>
          {t('app.retry')}
        </button>
      </section>
    );
  }
  const { config } = state;
  const chainName = new Map(config.chains.map((c) => [c.id, c.name]));
  return (
    <>
      <section className="card">
        <h2>{t('app.supportedCoins')}</h2>
        <ul className="coin-list">
          {config.coins.map((coin) => (
            <li key={coin.symbol}>
              <span className="coin-symbol">{coin.symbol}</span>
              <span className="coin-name">{coin.name}</span>
              <span className="coin-chains">{coin.chains.map((c) => chainName.get(c) ?? c).join(' · ')}</span>
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
      {config.contact.length > 0 ? (
        <section className="card">
          <h2>{t('app.contactUs')}</h2>
          <ul className="contact-list">
            {config.contact.map((c) => (
              <li key={c.channel}>
                <span>{t(`contactChannels.${c.channel}`, { defaultValue: c.channel })}</span>
                <span dir="ltr">{c.value}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
