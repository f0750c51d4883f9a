/**
 * The codes this server answers, gathered from the feature modules. A code listed in
 * protocol/codes.ts but missing here answers "Not open yet", and its feature is reported closed.
 * Also where modules meet that must not import each other: the parts the feature modules add to the
 * configuration (which imports no module), and the trading rules the markets' instrument page shows.
 */
import { type ApiCode, CODES, type Feature } from '../../protocol/codes.ts';
import type { DbOrTx } from '../db/client.ts';
import type { CodeHandler } from '../http/handler.ts';
import { accountHandlers } from './account/account.routes.ts';
import { alertHandlers } from './alerts/alerts.routes.ts';
import { assetsHandlers } from './assets/assets.routes.ts';
import { faucetHandlers } from './assets/faucet.ts';
import { configHandlers } from './config/config.routes.ts';
import { type ConfigParts, composeStoredConfig, type StoredConfig } from './config/config.service.ts';
import { depositHandlers } from './deposit/deposit.routes.ts';
import { exchangeHandlers } from './exchange/exchange.routes.ts';
import { idoHandlers } from './ido/ido.routes.ts';
import { languageHandlers } from './language/language.routes.ts';
import type { MarketEngine } from './markets/index.ts';
import { marketHandlers } from './markets/markets.routes.ts';
import { machineYields } from './mining/mining.catalogue.ts';
import { miningHandlers } from './mining/mining.routes.ts';
import { newsHandlers } from './news/news.routes.ts';
import { pushHandlers } from './push/push.routes.ts';
import { VAPID_SETTING_KEY, vapidPublicKeyOf } from './push/vapid.ts';
import { referralHandlers } from './referral/referral.routes.ts';
import { referralShares } from './referral/referral.service.ts';
import { solvencyHandlers } from './solvency/solvency.routes.ts';
import { stakingHandlers } from './staking/staking.routes.ts';
import { maxOpenApr } from './staking/staking.service.ts';
import { statementHandlers } from './statements/statements.routes.ts';
import { tradingRulesOf } from './trading/trading.orders.ts';
import { tradingHandlers } from './trading/trading.routes.ts';
import { withdrawHandlers } from './withdraw/withdraw.routes.ts';

export const codeHandlers: readonly CodeHandler[] = [
  ...configHandlers,
  ...languageHandlers,
  ...accountHandlers,
  ...assetsHandlers,
  ...statementHandlers,
  ...faucetHandlers,
  ...depositHandlers,
  ...withdrawHandlers,
  ...marketHandlers(tradingRulesOf),
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

/**
 * What the feature modules add to the configuration (00000). `markets` prices the mining yields in
 * the "up to" label; without it mining offers no figure.
 */
export function configParts(markets: MarketEngine | null): ConfigParts {
  return {
    maxApr: maxOpenApr,
    machineYields: async (db, now) => (markets ? machineYields(db, markets, now) : []),
    referralShares,
    vapidPublicKey: (settings) => vapidPublicKeyOf(settings.get(VAPID_SETTING_KEY)),
  };
}

/** The configuration as clients see it, but the server time, read now with the modules' parts. */
export function readStoredConfig(
  db: DbOrTx,
  implementedFeatures: ReadonlySet<Feature>,
  demo = false,
  markets: MarketEngine | null = null,
  now = Date.now(),
): Promise<StoredConfig> {
  return composeStoredConfig(db, implementedFeatures, configParts(markets), demo, now);
}
