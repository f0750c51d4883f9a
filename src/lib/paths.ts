/**
 * Every route of docs/spec/product.md section 2 in one place, so a link is never a hand-typed string. `wallet`
 * routes need a signed-in wallet (the guard); `shell` routes render inside the footer shell.
 */
export interface RouteDef {
  path: string;
  /** Key under `routes.` in the bundles: the screen title. */
  title: string;
  wallet: boolean;
  shell: boolean;
}

const route = (path: string, title: string, wallet = false, shell = false): RouteDef => ({
  path,
  title,
  wallet,
  shell,
});

export const paths = {
  home: route('/home', 'home', false, true),
  ecology: route('/ecology', 'ecology', false, true),
  my: route('/my', 'my', true, true),
  idoAboutStart: route('/ido/aboutStart', 'idoAboutStart', false, true),
  idoInProgress: route('/ido/inProgress', 'idoInProgress', false, true),
  idoPosition: route('/ido/position', 'idoPosition', true, true),
  idoOver: route('/ido/over', 'idoOver', true, true),
  miningMall: route('/miningMachine/miningMachineMall', 'miningMall'),
  myMiningMachine: route('/miningMachine/myMiningMachine', 'myMiningMachine', true),
  spotGoods: route('/SpotGoods', 'spotGoods'),
  miningRigDetails: route('/miningRigDetails', 'miningRigDetails'),
  marketPrices: route('/marketPrices', 'marketPrices'),
  exMarketPrices: route('/exMarketPrices', 'exMarketPrices'),
  instrument: route('/instrument/:symbol', 'instrument'),
  news: route('/news', 'news'),
  newsDetail: route('/newsDetail', 'newsDetail'),
  recharge: route('/recharge', 'recharge'),
  rechargeRecord: route('/rechargeRecord', 'rechargeRecord'),
  stakingPublic: route('/staking', 'staking'),
  stakingRecordPublic: route('/stakingRecord', 'stakingRecord'),
  contact: route('/contact', 'contact'),
  solvency: route('/solvency', 'solvency'),
  staking: route('/Staking', 'staking', true),
  placeOrder: route('/placeOrder', 'placeOrder', true),
  futuresOrder: route('/futuresOrder', 'futuresOrder', true),
  editOrder: route('/editOrder/:id', 'editOrder', true),
  miningIncome: route('/miningIncome', 'miningIncome', true),
  assets: route('/assets', 'assets', true),
  jointVenture: route('/jointVenture', 'jointVenture', true),
  finance: route('/finance', 'finance', true),
  share: route('/share', 'share', true),
  withdraw: route('/withdraw', 'withdraw', true),
  stakingRecord: route('/StakingRecord', 'stakingRecord', true),
  withdrawalDetails: route('/withdrawalDetails', 'withdrawalDetails', true),
  withdrawRecord: route('/withdrawRecord', 'withdrawRecord', true),
  withdrawAddressBook: route('/withdrawAddressBook', 'withdrawAddressBook', true),
  flashExchange: route('/flashExchange', 'flashExchange', true),
  flashRedemptionRecord: route('/flashRedemptionRecord', 'flashRedemptionRecord', true),
  alerts: route('/alerts', 'alerts', true),
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof paths;

export const ROUTES: readonly RouteDef[] = Object.values(paths);

/** The route a path belongs to (`/editOrder/12` -> editOrder), or undefined for unknown paths. */
export function matchRoute(pathname: string): RouteDef | undefined {
  return ROUTES.find((r) => {
    const pattern = new RegExp(`^${r.path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`);
    return pattern.test(pathname);
  });
}

/** `/home`, keeping the referral `code` of the current query if there is one (docs/spec/product.md section 4). */
export function homeKeepingCode(search: string): string {
  const code = new URLSearchParams(search).get('code');
  return code ? `${paths.home.path}?code=${encodeURIComponent(code)}` : paths.home.path;
}
