/**
 * The codes this server answers, gathered from the feature modules. A code listed in
 * protocol/codes.ts but missing here answers "Not open yet", and its feature is reported closed.
 */
import { type ApiCode, CODES, type Feature } from '../../protocol/codes.ts';
import type { CodeHandler } from '../http/handler.ts';
import { accountHandlers } from './account/account.routes.ts';
import { alertHandlers } from './alerts/alerts.routes.ts';
import { assetsHandlers } from './assets/assets.routes.ts';
import { faucetHandlers } from './assets/faucet.ts';
import { configHandlers } from './config/config.routes.ts';
import { depositHandlers } from './deposit/deposit.routes.ts';
import { exchangeHandlers } from './exchange/exchange.routes.ts';
import { idoHandlers } from './ido/ido.routes.ts';
import { languageHandlers } from './language/language.routes.ts';
import { marketHandlers } from './markets/markets.routes.ts';
import { miningHandlers } from './mining/mining.routes.ts';
import { newsHandlers } from './news/news.routes.ts';
import { pushHandlers } from './push/push.routes.ts';
import { referralHandlers } from './referral/referral.routes.ts';
import { solvencyHandlers } from './solvency/solvency.routes.ts';
import { stakingHandlers } from './staking/staking.routes.ts';
import { tradingHandlers } from './trading/trading.routes.ts';
import { withdrawHandlers } from './withdraw/withdraw.routes.ts';

export const codeHandlers: readonly CodeHandler[] = [
  ...configHandlers,
  ...languageHandlers,
  ...accountHandlers,
  ...assetsHandlers,
  ...faucetHandlers,
  ...depositHandlers,
  ...withdrawHandlers,
  ...marketHandlers,
  ...newsHandlers,
  ...pushHandlers,
  ...stakingHandlers,
  ...exchangeHandlers,
  ...miningHandlers,
  ...idoHandlers,
  ...tradingHandlers,
  ...referralHandlers,
  ...solvencyHandlers,
  ...alertHandlers,
];

export function handlerMap(handlers: readonly CodeHandler[]): Map<ApiCode, CodeHandler> {
  const map = new Map<ApiCode, CodeHandler>();
  for (const h of handlers) {
    if (map.has(h.code)) throw new Error(`two handlers for code ${h.code}`);
    map.set(h.code, h);
  }
  return map;
}

/** A feature counts as implemented when every one of its codes has a handler. */
export function implementedFeatures(handlers: ReadonlyMap<ApiCode, CodeHandler>): Set<Feature> {
  const byFeature = new Map<Feature, boolean>();
  for (const [code, info] of Object.entries(CODES) as [ApiCode, (typeof CODES)[ApiCode]][]) {
    if (!info.feature) continue;
    byFeature.set(info.feature, (byFeature.get(info.feature) ?? true) && handlers.has(code));
  }
  return new Set([...byFeature].filter(([, done]) => done).map(([f]) => f));
}
