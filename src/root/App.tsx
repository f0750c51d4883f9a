import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useMemo, useRef } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import type { Feature } from '../../protocol/codes.ts';
import { Shell } from '../app/Shell.tsx';
import { Toaster } from '../components/Toaster.tsx';
import { globalConfig } from '../features/config/config-model.ts';
import { OfflineBanner } from '../features/offline/OfflineBanner.tsx';
import { updateWaiting } from '../features/offline/service-worker.ts';
import { withCompleteLanguage } from '../lib/i18n.ts';
import { paths, ROUTES, type RouteDef } from '../lib/paths.ts';
import { useSessionGuard } from './guard.ts';
import { SCREENS } from './screens.tsx';

/** "A new version is ready", loaded when one is (src/features/offline/service-worker.ts). */
const UpdatePrompt = lazy(() =>
  withCompleteLanguage(() => import('../features/offline/UpdatePrompt.tsx')).then((module) => ({
    default: module.UpdatePrompt,
  })),
);

/**
 * "Not open yet", for a screen not built or switched off: never the first page's business (home
 * is always open), so loaded when a route needs it, with the rest of the language bundle.
 */
const FeaturePage = lazy(() =>
  withCompleteLanguage(() => import('../features/FeaturePage.tsx')).then((module) => ({
    default: module.FeaturePage,
  })),
);

/** The feature a screen belongs to: when the operator switches it off, the screen says so. */
const FEATURE_OF: Partial<Record<string, Feature>> = {
  [paths.assets.path]: 'assets',
  [paths.finance.path]: 'assets',
  [paths.recharge.path]: 'deposit',
  [paths.rechargeRecord.path]: 'deposit',
  [paths.withdraw.path]: 'withdraw',
  [paths.withdrawRecord.path]: 'withdraw',
  [paths.withdrawAddressBook.path]: 'withdraw',
  [paths.withdrawalDetails.path]: 'withdraw',
  [paths.flashExchange.path]: 'exchange',
  [paths.flashRedemptionRecord.path]: 'exchange',
  [paths.staking.path]: 'staking',
  [paths.stakingPublic.path]: 'staking',
  [paths.stakingRecord.path]: 'staking',
  [paths.stakingRecordPublic.path]: 'staking',
  [paths.miningMall.path]: 'mining',
  [paths.jointVenture.path]: 'mining',
  [paths.miningRigDetails.path]: 'mining',
  [paths.myMiningMachine.path]: 'mining',
  [paths.miningIncome.path]: 'mining',
  [paths.idoAboutStart.path]: 'ido',
  [paths.idoInProgress.path]: 'ido',
  [paths.idoPosition.path]: 'ido',
  [paths.idoOver.path]: 'ido',
  [paths.placeOrder.path]: 'trading',
  [paths.futuresOrder.path]: 'trading',
  [paths.editOrder.path]: 'trading',
  [paths.share.path]: 'referral',
  [paths.alerts.path]: 'alerts',
  [paths.solvency.path]: 'solvency',
  [paths.news.path]: 'news',
  [paths.newsDetail.path]: 'news',
};

function Screen({ route }: { route: RouteDef }) {
  // Its own subscription: the configuration that arrives after the first render (the stored one
  // may be older) must close a screen whose feature the operator has switched off since.
  useSignals();
  const feature = FEATURE_OF[route.path];
  const closed = feature !== undefined && globalConfig.value?.features[feature] === false;
  // The same elements while `closed` stays as it was, so a configuration that changes something
  // else does not render the whole screen again.
  return useMemo(() => {
    const screen = closed ? undefined : SCREENS[route.path];
    const content = (
      <Suspense fallback={<div className="screen-loading" aria-busy="true" />}>
        {screen ? <screen.Screen /> : <FeaturePage route={route} />}
      </Suspense>
    );
    return route.shell ? <Shell>{content}</Shell> : <div className="page">{content}</div>;
  }, [closed, route]);
}

export function App() {
  useSignals();
  const [location] = useLocation();
  const allowed = useSessionGuard();
  // The first screen replaces the boot shell at once: fading it in from transparent would only
  // show the user (and Lighthouse's largest contentful paint) the page later.
  const firstLocation = useRef(location);
  const fade = location !== firstLocation.current;
  return (
    <div className="app">
      <OfflineBanner />
      {/* Keyed by path so each page change fades in (docs/spec/design.md section 8). */}
      <div key={location} className={fade ? 'page-fade' : undefined}>
        <Switch>
          {ROUTES.map((route) => (
            <Route key={route.path} path={route.path}>
              {allowed ? <Screen route={route} /> : null}
            </Route>
          ))}
          <Route>
            <Redirect to={paths.home.path} replace />
          </Route>
        </Switch>
      </div>
      {updateWaiting.value ? (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      ) : null}
      <Toaster />
    </div>
  );
}
