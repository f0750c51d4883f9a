/**
 * The global configuration (code 00000) and the operator's changes to it. Reads are cached for a
 * few seconds because every client start asks for it; a change made in this process clears the
 * cache at once, a change the CLI makes on PostgreSQL is announced on CONFIG_CHANNEL and clears it
 * in every process, and anything else is seen within the TTL.
 *
 * What the feature modules add to the answer (the best yield on offer, the referral shares, the
 * push key) comes in as {@link ConfigParts}, which the server's composition (server/modules/index.ts)
 * assembles: the configuration imports no other module (issue #37).
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
import { compare } from '../../../protocol/money.ts';
import type { DbOrTx } from '../../db/client.ts';
import { readAll } from '../../db/reads.ts';
import { listChains, listCoinChains, listCoins, listSettings } from './config.repository.ts';

const CACHE_TTL_MS = 5_000;
/** The operator's CLI notifies here after a change; every server process drops its cached copy. */
export const CONFIG_CHANNEL = 'meridian_config';

export type StoredConfig = Omit<GlobalConfig, 'serverTime'>;

/** A machine that can be rented now and its net cycle return as a yearly rate, in percent. */
export interface MachineYield {
  percent: string;
  machineId: number;
  name: string;
}

/**
 * The parts of the answer the feature modules own, each asked only while its feature is open
 * (the push key always). server/modules/index.ts passes in the modules' own functions.
 */
export interface ConfigParts {
  /** Staking: the highest APR in percent of the plans that can still be staked, or null. */
  maxApr(db: DbOrTx): Promise<string | null>;
  /** Mining: the machines that can be rented now with a yearly rate, in catalogue order. */
  machineYields(db: DbOrTx, now: number): Promise<MachineYield[]>;
  /** Referral: what inviters earn of their invitees' fees, in percent. */
  referralShares(db: DbOrTx): Promise<NonNullable<GlobalConfig['referral']>>;
  /** Push: the VAPID public key clients subscribe with, read off the operator settings. */
  vapidPublicKey(settings: ReadonlyMap<string, unknown>): string | null;
}

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
  /** What the feature modules add to the answer. */
  parts: ConfigParts;
  /** Demo money on (the faucet). */
  demo?: boolean;
  now?: () => number;
}

/** The best yearly rate on offer now: staking's top APR or a mining machine's annualized return. */
async function topYieldOf(
  db: DbOrTx,
  features: Record<Feature, boolean>,
  parts: ConfigParts,
  now: number,
): Promise<{ maxApr: string | null; topYield: TopYield | null }> {
  const maxApr = features.staking ? await parts.maxApr(db) : null;
  let top: TopYield | null =
    maxApr && compare(maxApr, '0') > 0 ? { percent: maxApr, source: 'staking' } : null;
  if (features.mining) {
    for (const m of await parts.machineYields(db, now)) {
      if (!top || compare(m.percent, top.percent) > 0)
        top = { percent: m.percent, source: 'mining', machineId: m.machineId, name: m.name };
    }
  }
  return { maxApr, topYield: top };
}

/** The configuration as clients see it, but the server time, read now. */
export async function composeStoredConfig(
  db: DbOrTx,
  implementedFeatures: ReadonlySet<Feature>,
  parts: ConfigParts,
  demo = false,
  now = Date.now(),
): Promise<StoredConfig> {
  const [chainRows, coinRows, links, values] = await readAll(db, [
    () => listChains(db),
    () => listCoins(db),
    () => listCoinChains(db),
    () => listSettings(db),
  ] as const);
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
    // Computed from what can still be bought, never configured by hand (docs/spec/design.md section 1).
    ...(await topYieldOf(db, features, parts, now)),
    referral: features.referral ? await parts.referralShares(db) : null,
    vapidPublicKey: parts.vapidPublicKey(values),
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
      const value = composeStoredConfig(
        options.db,
        options.implementedFeatures,
        options.parts,
        options.demo,
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
