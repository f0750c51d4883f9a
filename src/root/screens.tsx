/**
 * The screens, each loaded when its route is first shown, so the first page carries only its own
 * screen's code (issue #19's first-page budget) and the rest downloads when the user goes there
 * (the service worker precaches every screen, so that works offline too). `src/main.tsx` asks for
 * the current route's screen at start, beside the shell, so the first render never waits on it.
 */
import { type ComponentType, lazy, useState } from 'react';
import { MARKET_LIST_DEFAULTS } from '../features/markets/paths.ts';
import { withCompleteLanguage } from '../lib/i18n.ts';
import { matchRoute, paths } from '../lib/paths.ts';

interface LazyScreen {
  /** Starts the download (once) and resolves when the screen's code is ready. */
  preload(): Promise<unknown>;
  Screen: ComponentType;
}

/**
 * A screen loaded on demand. Every screen but home's also waits for the rest of the language's
 * bundle (src/lib/i18n.ts): home's modules name only the keys of the bundle's first part.
 */
function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  props?: P,
  { firstPage = false } = {},
): LazyScreen {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    loading ??= (firstPage ? load() : withCompleteLanguage(load)).then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Screen() {
    // A screen whose code is already here renders in the same pass (no fallback frame); chosen once
    // per mount, so that the screen is never remounted when its code arrives.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return <Component {...(props as P)} />;
  }
  return { preload, Screen };
}

const markets = (path: string, title: string) =>
  lazyScreen(() => import('../features/markets/MarketsPage.tsx').then((m) => m.MarketsPage), {
    title,
    ...(MARKET_LIST_DEFAULTS[path] ? { defaultCategory: MARKET_LIST_DEFAULTS[path] } : {}),
  });
const ido = lazyScreen(() => import('../features/ido/IdoPage.tsx').then((m) => m.IdoPage));
const staking = lazyScreen(() => import('../features/staking/StakingPage.tsx').then((m) => m.StakingPage));
const stakingRecord = lazyScreen(() =>
  import('../features/staking/StakingRecordPage.tsx').then((m) => m.StakingRecordPage),
);

/** Screens built so far, by route; every other route shows its title and "Not open yet". */
export const SCREENS: Partial<Record<string, LazyScreen>> = {
  [paths.home.path]: lazyScreen(
    () => import('../features/home/HomePage.tsx').then((m) => m.HomePage),
    undefined,
    { firstPage: true },
  ),
  [paths.ecology.path]: lazyScreen(() =>
    import('../features/ecology/EcologyPage.tsx').then((m) => m.EcologyPage),
  ),
  [paths.my.path]: lazyScreen(() => import('../features/account/MyPage.tsx').then((m) => m.MyPage)),
  [paths.idoAboutStart.path]: ido,
  [paths.idoInProgress.path]: ido,
  [paths.idoPosition.path]: ido,
  [paths.idoOver.path]: ido,
  [paths.contact.path]: lazyScreen(() =>
    import('../features/contact/ContactPage.tsx').then((m) => m.ContactPage),
  ),
  [paths.news.path]: lazyScreen(() =>
    import('../features/news/NewsListPage.tsx').then((m) => m.NewsListPage),
  ),
  [paths.newsDetail.path]: lazyScreen(() =>
    import('../features/news/NewsDetailPage.tsx').then((m) => m.NewsDetailPage),
  ),
  [paths.assets.path]: lazyScreen(() =>
    import('../features/assets/AssetsPage.tsx').then((m) => m.AssetsPage),
  ),
  [paths.finance.path]: lazyScreen(() =>
    import('../features/statements/StatementsPage.tsx').then((m) => m.StatementsPage),
  ),
  [paths.recharge.path]: lazyScreen(() =>
    import('../features/deposit/DepositPage.tsx').then((m) => m.DepositPage),
  ),
  [paths.rechargeRecord.path]: lazyScreen(() =>
    import('../features/deposit/DepositRecordPage.tsx').then((m) => m.DepositRecordPage),
  ),
  [paths.withdraw.path]: lazyScreen(() =>
    import('../features/withdraw/WithdrawPage.tsx').then((m) => m.WithdrawPage),
  ),
  [paths.withdrawRecord.path]: lazyScreen(() =>
    import('../features/withdraw/WithdrawRecordPage.tsx').then((m) => m.WithdrawRecordPage),
  ),
  [paths.withdrawAddressBook.path]: lazyScreen(() =>
    import('../features/withdraw/AddressBookPage.tsx').then((m) => m.AddressBookPage),
  ),
  [paths.withdrawalDetails.path]: lazyScreen(() =>
    import('../features/withdraw/WithdrawalDetailsPage.tsx').then((m) => m.WithdrawalDetailsPage),
  ),
  [paths.flashExchange.path]: lazyScreen(() =>
    import('../features/exchange/FlashExchangePage.tsx').then((m) => m.FlashExchangePage),
  ),
  [paths.flashRedemptionRecord.path]: lazyScreen(() =>
    import('../features/exchange/FlashRedemptionRecordPage.tsx').then((m) => m.FlashRedemptionRecordPage),
  ),
  [paths.staking.path]: staking,
  [paths.stakingPublic.path]: staking,
  [paths.stakingRecord.path]: stakingRecord,
  [paths.stakingRecordPublic.path]: stakingRecord,
  [paths.marketPrices.path]: markets(paths.marketPrices.path, paths.marketPrices.title),
  [paths.exMarketPrices.path]: markets(paths.exMarketPrices.path, paths.exMarketPrices.title),
  [paths.spotGoods.path]: markets(paths.spotGoods.path, paths.spotGoods.title),
  [paths.instrument.path]: lazyScreen(() =>
    import('../features/markets/InstrumentPage.tsx').then((m) => m.InstrumentPage),
  ),
  [paths.miningMall.path]: lazyScreen(() =>
    import('../features/mining/MiningMallPage.tsx').then((m) => m.MiningMallPage),
  ),
  [paths.jointVenture.path]: lazyScreen(() =>
    import('../features/mining/MiningMallPage.tsx').then((m) => m.JointVenturePage),
  ),
  [paths.miningRigDetails.path]: lazyScreen(() =>
    import('../features/mining/MiningRigDetailsPage.tsx').then((m) => m.MiningRigDetailsPage),
  ),
  [paths.myMiningMachine.path]: lazyScreen(() =>
    import('../features/mining/MyMiningMachinePage.tsx').then((m) => m.MyMiningMachinePage),
  ),
  [paths.miningIncome.path]: lazyScreen(() =>
    import('../features/mining/MiningIncomePage.tsx').then((m) => m.MiningIncomePage),
  ),
  [paths.placeOrder.path]: lazyScreen(() =>
    import('../features/trading/PlaceOrderPage.tsx').then((m) => m.PlaceOrderPage),
  ),
  [paths.futuresOrder.path]: lazyScreen(() =>
    import('../features/trading/OrdersPage.tsx').then((m) => m.OrdersPage),
  ),
  [paths.editOrder.path]: lazyScreen(() =>
    import('../features/trading/EditOrderPage.tsx').then((m) => m.EditOrderPage),
  ),
  [paths.solvency.path]: lazyScreen(() =>
    import('../features/solvency/SolvencyPage.tsx').then((m) => m.SolvencyPage),
  ),
  [paths.alerts.path]: lazyScreen(() =>
    import('../features/alerts/AlertsPage.tsx').then((m) => m.AlertsPage),
  ),
  [paths.share.path]: lazyScreen(() =>
    import('../features/referral/ReferralPage.tsx').then((m) => m.ReferralPage),
  ),
};

/**
 * The screen a location's path shows: its route's (`/instrument/BTCUSDT` is the instrument's), and
 * home's for a path that is no route (the app redirects it there).
 */
export function screenOf(pathname: string): LazyScreen | undefined {
  const route = matchRoute(pathname);
  return SCREENS[route ? route.path : paths.home.path];
}

/** Starts loading the screen of `pathname`; resolves when it is ready (at once for a route without one). */
export function preloadScreen(pathname: string): Promise<unknown> {
  return (
    screenOf(pathname)
      ?.preload()
      .catch(() => undefined) ?? Promise.resolve()
  );
}
