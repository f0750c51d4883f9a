/**
 * The global configuration (code 00000) and the operator's changes to it. Reads are cached for a
 * few seconds because every client start asks for it; a change made in this process clears the
 * cache at once, a change the CLI makes on PostgreSQL is announced on CONFIG_CHANNEL and clears it
 * in every process, and anything else is seen within the TTL.
 */
import { FEATURES, type Feature } from '../../../protocol/codes.ts';
import {
  CONTACT_SETTING_KEY,
  type ContactChannel,
  FEATURE_SETTING_KEY,
  type GlobalConfig,
  SERVICE_CONTRACT_SETTING_KEY,
  type TopYield,
} from '../../../protocol/config.ts';
import { annualizedReturnOf } from '../../../protocol/mining.ts';
import { compareUnits } from '../../../protocol/units.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { MarketEngine } from '../markets/engine.ts';
import { listMachines } from '../mining/mining.catalogue.ts';
import { VAPID_SETTING_KEY, vapidPublicKeyOf } from '../push/vapid.ts';
import { referralShares } from '../referral/referral.service.ts';
import { maxOpenApr } from '../staking/staking.service.ts';
import { listChains, listCoinChains, listCoins, listSettings } from './config.repository.ts';

const CACHE_TTL_MS = 5_000;
/** The operator's CLI notifies here after a change; every server process drops its cached copy. */
export const CONFIG_CHANNEL = 'meridian_config';

export type StoredConfig = Omit<GlobalConfig, 'serverTime'>;

export interface ConfigService {
  /** The configuration as clients see it. */
  get(): Promise<GlobalConfig>;
  /**
   * The same as JSON text: the cached part serialized once per cached copy, the server time
   * appended per call (00000 is the hottest code; serializing the whole configuration on every
   * request was a tenth of its cost).
   */
  getJson(): Promise<string>;
  /** Whether a feature is open, from the cached copy (every feature code asks, so no copy is made). */
  featureOpen(feature: Feature): Promise<boolean>;
  /** Forget the cached copy after a change, and tell every {@link onChange} listener. */
  invalidate(): void;
  /**
   * Calls `listener` after every {@link invalidate}: what else keeps answers read before a change
   * (the first screens' pages, server/http/first-screen.ts) drops them too. Returns the unsubscribe.
   */
  onChange(listener: () => void): () => void;
}

export interface ConfigServiceOptions {
  db: DbOrTx;
  /** Features whose codes the server actually serves; a switch cannot open anything else. */
  implementedFeatures: ReadonlySet<Feature>;
  /** Demo money on (the faucet). */
  demo?: boolean;
  /** Prices for the mining yields in the "up to" label; without them mining offers no figure. */
  markets?: MarketEngine | null;
  now?: () => number;
}

/** The best yearly rate on offer now: staking's top APR or a mining machine's annualized return. */
async function topYieldOf(
  db: DbOrTx,
  features: Record<Feature, boolean>,
  markets: MarketEngine | null,
  now: number,
): Promise<{ maxApr: string | null; topYield: TopYield | null }> {
  const maxApr = features.staking ? await maxOpenApr(db) : null;
  let top: TopYield | null =
    maxApr && compareUnits(maxApr, '0') > 0 ? { percent: maxApr, source: 'staking' } : null;
  if (features.mining && markets) {
    const machines = await listMachines(db, markets, now, { page: 1, size: 1000 });
    for (const m of machines.list) {
      if (m.soldOut) continue;
      const annual = annualizedReturnOf(m.cycleReturn, m.cycleDays);
      if (annual && (!top || compareUnits(annual, top.percent) > 0))
        top = { percent: annual, source: 'mining', machineId: m.id };
    }
  }
  return { maxApr, topYield: top };
}

export async function readStoredConfig(
  db: DbOrTx,
  implementedFeatures: ReadonlySet<Feature>,
  demo = false,
  markets: MarketEngine | null = null,
  now = Date.now(),
): Promise<StoredConfig> {
  const [chainRows, coinRows, links, values] = await Promise.all([
    listChains(db),
    listCoins(db),
    listCoinChains(db),
    listSettings(db),
  ]);
  const enabledChains = chainRows.filter((c) => c.enabled);
  const enabledChainIds = new Set(enabledChains.map((c) => c.id));
  const switches = (values.get(FEATURE_SETTING_KEY) ?? {}) as Partial<Record<Feature, boolean>>;
  const features = Object.fromEntries(
    FEATURES.map((f) => [f, switches[f] === true && implementedFeatures.has(f)]),
  ) as Record<Feature, boolean>;
  return {
    serviceContract: (values.get(SERVICE_CONTRACT_SETTING_KEY) as string | undefined) ?? '',
    chains: enabledChains.map((c) => ({
      id: c.id,
      name: c.name,
      family: c.family,
      evmChainId: c.evmChainId,
    })),
    coins: coinRows
      .filter((c) => c.enabled)
      .map((c) => ({
        symbol: c.symbol,
        name: c.name,
        precision: c.precision,
        chains: links.filter((l) => l.coin === c.symbol && enabledChainIds.has(l.chain)).map((l) => l.chain),
      })),
    features,
    contact: (values.get(CONTACT_SETTING_KEY) as ContactChannel[] | undefined) ?? [],
    // Computed from what can still be bought, never configured by hand (DESIGN.md section 1).
    ...(await topYieldOf(db, features, markets, now)),
    referral: features.referral ? await referralShares(db) : null,
    vapidPublicKey: vapidPublicKeyOf(values.get(VAPID_SETTING_KEY)),
    demo,
  };
}

export function createConfigService(options: ConfigServiceOptions): ConfigService {
  const now = options.now ?? Date.now;
  let cached: { at: number; value: Promise<StoredConfig> } | null = null;
  const texts = new WeakMap<StoredConfig, string>();
  const listeners = new Set<() => void>();
  const stored = (): Promise<StoredConfig> => {
    if (!cached || now() - cached.at > CACHE_TTL_MS) {
      const value = readStoredConfig(
        options.db,
        options.implementedFeatures,
        options.demo,
        options.markets ?? null,
        now(),
      );
      cached = { at: now(), value };
      // A failed read must not stay cached.
      value.catch(() => {
        if (cached?.value === value) cached = null;
      });
    }
    return cached.value;
  };
  return {
    async get() {
      return { ...(await stored()), serverTime: now() };
    },
    async featureOpen(feature) {
      return (await stored()).features[feature] === true;
    },
    async getJson() {
      const value = await stored();
      let text = texts.get(value);
      if (text === undefined) {
        // The object's text without its closing brace; serverTime is never one of its keys.
        text = JSON.stringify({ ...value, serverTime: undefined }).slice(0, -1);
        texts.set(value, text);
      }
      return `${text}${text === '{' ? '' : ','}"serverTime":${now()}}`;
    },
    invalidate() {
      cached = null;
      for (const listener of listeners) listener();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

declare module '../../http/handler.ts' {
  interface Services {
    /** The global configuration and the feature switches. */
    config: ConfigService;
  }
}
