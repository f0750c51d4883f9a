import { describe, expect, test } from 'vitest';
import { ADDRESS_BOOK_PATH } from '../../protocol/withdraw-address-book.ts';
import { homeKeepingCode, matchRoute, paths, ROUTES } from './paths.ts';

describe('routes', () => {
  test('every route of docs/spec/product.md section 2 is declared with its wallet rule', () => {
    const publicRoutes = [
      '/home',
      '/ecology',
      '/SpotGoods',
      '/miningMachine/miningMachineMall',
      '/ido/aboutStart',
      '/ido/inProgress',
      '/miningRigDetails',
      '/marketPrices',
      '/exMarketPrices',
      '/news',
      '/newsDetail',
      '/recharge',
      '/rechargeRecord',
      '/staking',
      '/stakingRecord',
    ];
    const walletRoutes = [
      '/my',
      '/Staking',
      '/ido/position',
      '/ido/over',
      '/placeOrder',
      '/futuresOrder',
      '/editOrder/7',
      '/miningMachine/myMiningMachine',
      '/miningIncome',
      '/assets',
      '/jointVenture',
      '/finance',
      '/share',
      '/withdraw',
      '/StakingRecord',
      '/withdrawalDetails',
      '/withdrawRecord',
      '/flashExchange',
      '/flashRedemptionRecord',
    ];
    for (const path of publicRoutes) expect(matchRoute(path)?.wallet, path).toBe(false);
    for (const path of walletRoutes) expect(matchRoute(path)?.wallet, path).toBe(true);
  });

  test('paths are case-sensitive: /Staking needs a wallet, /staking does not', () => {
    expect(matchRoute('/Staking')).toBe(paths.staking);
    expect(matchRoute('/staking')).toBe(paths.stakingPublic);
  });

  test('unknown paths match nothing (the router sends them home)', () => {
    expect(matchRoute('/')).toBeUndefined();
    expect(matchRoute('/nope')).toBeUndefined();
    expect(matchRoute('/editOrder')).toBeUndefined();
  });

  test('the shell holds home, ecology, my and the IDO section', () => {
    expect(ROUTES.filter((r) => r.shell).map((r) => r.path)).toEqual([
      '/home',
      '/ecology',
      '/my',
      '/ido/aboutStart',
      '/ido/inProgress',
      '/ido/position',
      '/ido/over',
    ]);
  });

  test('going home keeps the referral code and nothing else', () => {
    expect(homeKeepingCode('?code=AB12CD34&x=1')).toBe('/home?code=AB12CD34');
    expect(homeKeepingCode('?x=1')).toBe('/home');
    expect(homeKeepingCode('')).toBe('/home');
  });

  test('a push about the address book opens the address book screen', () => {
    // The server writes the path into the push (protocol); the client's route must be the same.
    expect(paths.withdrawAddressBook.path).toBe(ADDRESS_BOOK_PATH);
  });
});
