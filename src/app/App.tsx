import { useSignals } from '@preact/signals-react/runtime';
import { type ReactNode, useRef } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import type { Feature } from '../../protocol/codes.ts';
import { Toaster } from '../components/Toaster.tsx';
import { MyPage } from '../features/account/MyPage.tsx';
import { AssetsPage } from '../features/assets/AssetsPage.tsx';
import { FinancePage } from '../features/assets/FinancePage.tsx';
import { globalConfig } from '../features/config/config-model.ts';
import { ContactPage } from '../features/contact/ContactPage.tsx';
import { RechargePage } from '../features/deposit/RechargePage.tsx';
import { RechargeRecordPage } from '../features/deposit/RechargeRecordPage.tsx';
import { EcologyPage } from '../features/ecology/EcologyPage.tsx';
import { FlashExchangePage } from '../features/exchange/FlashExchangePage.tsx';
import { FlashRedemptionRecordPage } from '../features/exchange/FlashRedemptionRecordPage.tsx';
import { FeaturePage } from '../features/FeaturePage.tsx';
import { HomePage } from '../features/home/HomePage.tsx';
import { IdoPage } from '../features/ido/IdoPage.tsx';
import { InstrumentPage } from '../features/markets/InstrumentPage.tsx';
import { MarketsPage } from '../features/markets/MarketsPage.tsx';
import { MARKET_LIST_DEFAULTS } from '../features/markets/paths.ts';
import { MiningIncomePage } from '../features/mining/MiningIncomePage.tsx';
import { JointVenturePage, MiningMallPage } from '../features/mining/MiningMallPage.tsx';
import { MiningRigDetailsPage } from '../features/mining/MiningRigDetailsPage.tsx';
import { MyMiningMachinePage } from '../features/mining/MyMiningMachinePage.tsx';
import { NewsDetailPage } from '../features/news/NewsDetailPage.tsx';
import { NewsListPage } from '../features/news/NewsListPage.tsx';
import { OfflineBanner } from '../features/offline/OfflineBanner.tsx';
import { UpdatePrompt } from '../features/offline/UpdatePrompt.tsx';
import { SharePage } from '../features/referral/SharePage.tsx';
import { StakingPage } from '../features/staking/StakingPage.tsx';
import { StakingRecordPage } from '../features/staking/StakingRecordPage.tsx';
import { EditOrderPage } from '../features/trading/EditOrderPage.tsx';
import { FuturesOrderPage } from '../features/trading/FuturesOrderPage.tsx';
import { PlaceOrderPage } from '../features/trading/PlaceOrderPage.tsx';
import { WithdrawalDetailsPage } from '../features/withdraw/WithdrawalDetailsPage.tsx';
import { WithdrawPage } from '../features/withdraw/WithdrawPage.tsx';
import { WithdrawRecordPage } from '../features/withdraw/WithdrawRecordPage.tsx';
import { useSessionGuard } from './guard.ts';
import { paths, ROUTES, type RouteDef } from './paths.ts';
import { Shell } from './Shell.tsx';

/** Screens built so far; every other route shows its title and "Not open yet". */
const SCREENS: Partial<Record<string, () => ReactNode>> = {
  [paths.home.path]: () => <HomePage />,
  [paths.ecology.path]: () => <EcologyPage />,
  [paths.my.path]: () => <MyPage />,
  [paths.idoAboutStart.path]: () => <IdoPage />,
  [paths.idoInProgress.path]: () => <IdoPage />,
  [paths.idoPosition.path]: () => <IdoPage />,
  [paths.idoOver.path]: () => <IdoPage />,
  [paths.contact.path]: () => <ContactPage />,
  [paths.news.path]: () => <NewsListPage />,
  [paths.newsDetail.path]: () => <NewsDetailPage />,
  [paths.assets.path]: () => <AssetsPage />,
  [paths.finance.path]: () => <FinancePage />,
  [paths.recharge.path]: () => <RechargePage />,
  [paths.rechargeRecord.path]: () => <RechargeRecordPage />,
  [paths.withdraw.path]: () => <WithdrawPage />,
  [paths.withdrawRecord.path]: () => <WithdrawRecordPage />,
  [paths.withdrawalDetails.path]: () => <WithdrawalDetailsPage />,
  [paths.flashExchange.path]: () => <FlashExchangePage />,
  [paths.flashRedemptionRecord.path]: () => <FlashRedemptionRecordPage />,
  [paths.staking.path]: () => <StakingPage />,
  [paths.stakingPublic.path]: () => <StakingPage />,
  [paths.stakingRecord.path]: () => <StakingRecordPage />,
  [paths.stakingRecordPublic.path]: () => <StakingRecordPage />,
  [paths.marketPrices.path]: () => (
    <MarketsPage
      title={paths.marketPrices.title}
      defaultCategory={MARKET_LIST_DEFAULTS[paths.marketPrices.path]}
    />
  ),
  [paths.exMarketPrices.path]: () => (
    <MarketsPage
      title={paths.exMarketPrices.title}
      defaultCategory={MARKET_LIST_DEFAULTS[paths.exMarketPrices.path]}
    />
  ),
  [paths.spotGoods.path]: () => (
    <MarketsPage title={paths.spotGoods.title} defaultCategory={MARKET_LIST_DEFAULTS[paths.spotGoods.path]} />
  ),
  [paths.instrument.path]: () => <InstrumentPage />,
  [paths.miningMall.path]: () => <MiningMallPage />,
  [paths.jointVenture.path]: () => <JointVenturePage />,
  [paths.miningRigDetails.path]: () => <MiningRigDetailsPage />,
  [paths.myMiningMachine.path]: () => <MyMiningMachinePage />,
  [paths.miningIncome.path]: () => <MiningIncomePage />,
  [paths.placeOrder.path]: () => <PlaceOrderPage />,
  [paths.futuresOrder.path]: () => <FuturesOrderPage />,
  [paths.editOrder.path]: () => <EditOrderPage />,
  [paths.share.path]: () => <SharePage />,
};

/** The feature a screen belongs to: when the operator switches it off, the screen says so. */
const FEATURE_OF: Partial<Record<string, Feature>> = {
  [paths.assets.path]: 'assets',
  [paths.finance.path]: 'assets',
  [paths.recharge.path]: 'deposit',
  [paths.rechargeRecord.path]: 'deposit',
  [paths.withdraw.path]: 'withdraw',
  [paths.withdrawRecord.path]: 'withdraw',
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
  [paths.news.path]: 'news',
  [paths.newsDetail.path]: 'news',
};

function Screen({ route }: { route: RouteDef }) {
  const feature = FEATURE_OF[route.path];
  const closed = feature !== undefined && globalConfig.value?.features[feature] === false;
  const content = (!closed && SCREENS[route.path]?.()) || <FeaturePage route={route} />;
  return route.shell ? <Shell>{content}</Shell> : <div className="page">{content}</div>;
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
      {/* Keyed by path so each page change fades in (DESIGN.md section 8). */}
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
      <UpdatePrompt />
      <Toaster />
    </div>
  );
}
