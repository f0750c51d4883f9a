/**
 * The persisted client store (docs/spec/product.md section 3): the object `map`, one signal per field with its
 * default and a setter, kept in localforage under the key `map` and read before the first render.
 * The service worker reads the same record to know whose cached data it holds.
 *
 * Reads and writes go straight to localforage's IndexedDB record (src/lib/stored-record.ts);
 * localforage itself loads only in a browser without IndexedDB, so it is not in the first page.
 */
import { batch, effect, type Signal, signal } from '@preact/signals-react';
import type { UserInfo } from '../../protocol/account.ts';
import type { GlobalConfig } from '../../protocol/config.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../protocol/languages.ts';
import { readStoredRecord, writeStoredRecord } from '../lib/stored-record.ts';

export const STORE_KEY = 'map';

const CHART_TYPES = ['candle_solid', 'ohlc', 'area', 'time_share'] as const;
export type ChartType = (typeof CHART_TYPES)[number];
/** The user list holds the signed-in user; `username` is the wallet address (docs/spec/product.md section 3). */
export type StoredUser = UserInfo & { username: string };

export interface MapState {
  language: Language;
  address: string;
  token: string;
  openType: boolean;
  user: StoredUser[];
  info: unknown[];
  addressMap: Record<string, string>;
  gameMap: Record<string, unknown>;
  chartType: ChartType;
  /** Chart indicators per wallet (src/features/markets/indicator-settings.ts checks each value). */
  indicators: Record<string, unknown>;
  /** The instrument each wallet last placed an order on: the order ticket opens on it. */
  lastTraded: Record<string, string>;
  walletType: string;
  globalConfig: GlobalConfig | Record<string, never>;
}

export const DEFAULTS: MapState = {
  language: DEFAULT_LANGUAGE,
  address: '',
  token: '',
  openType: false,
  user: [],
  info: [],
  addressMap: {},
  gameMap: {},
  chartType: 'candle_solid',
  indicators: {},
  lastTraded: {},
  walletType: 'metamask',
  globalConfig: {},
};

/** One signal per field of the record. */
export type StoreSignals = { [K in keyof MapState]: Signal<MapState[K]> };

// Made from DEFAULTS, so that every field has its signal and starts at its default; the type is
// the one Object.fromEntries cannot infer.
export const map = Object.fromEntries(
  Object.entries(DEFAULTS).map(([key, value]) => [key, signal(value)]),
) as unknown as StoreSignals;

/** One setter per field, as docs/spec/product.md section 3 lists them. */
function setter<K extends keyof MapState>(key: K): (value: MapState[K]) => void {
  return (value) => {
    (map[key] as unknown as { value: MapState[K] }).value = value;
  };
}

export const setLanguage = setter('language');
export const setAddress = setter('address');
export const setToken = setter('token');
export const setOpenType = setter('openType');
export const setUser = setter('user');
export const setInfo = setter('info');
export const setAddressMap = setter('addressMap');
export const setGameMap = setter('gameMap');
export const setChartType = setter('chartType');
export const setIndicators = setter('indicators');
export const setLastTraded = setter('lastTraded');
export const setWalletType = setter('walletType');
/**
 * The configuration, when it differs from the one held in more than its `serverTime`. Every start
 * refreshes it (00000), and usually to the same settings: a new object there made every screen part
 * that reads it render again, synchronously (a signal read through React's external-store hook is
 * never a transition), and wrote the whole stored record for nothing (docs/performance.md,
 * "thirteenth"). `serverTime` is the one field each answer changes, and no screen reads it.
 */
export function setGlobalConfig(value: MapState['globalConfig']): void {
  if (settingsText(value) === settingsText(map.globalConfig.peek())) return;
  map.globalConfig.value = value;
}

function settingsText(config: MapState['globalConfig']): string {
  return JSON.stringify({ ...config, serverTime: 0 });
}

// docs/spec/product.md section 3's `multiply` helper is src/lib/format.ts's: exact decimal arithmetic, which
// the store (on every first page) does not carry.

/** The signed-in user, or null. */
export function currentUser(): StoredUser | null {
  return map.user.value[0] ?? null;
}

/** What the guard, a 500 answer and logout clear (docs/spec/product.md section 4). */
export function clearSession(): void {
  batch(() => {
    map.address.value = '';
    map.token.value = '';
    map.user.value = [];
    map.info.value = [];
  });
}

export function snapshot(): MapState {
  return Object.fromEntries(Object.entries(map).map(([k, s]) => [k, s.value])) as unknown as MapState;
}

const isText = (value: unknown) => typeof value === 'string';
const isRecord = (value: unknown) => typeof value === 'object' && value !== null;

/** What a stored value must be to be taken, field by field. */
const ACCEPTS: { [K in keyof MapState]: (value: unknown) => boolean } = {
  language: isLanguage,
  address: isText,
  token: isText,
  openType: (value) => typeof value === 'boolean',
  user: Array.isArray,
  info: Array.isArray,
  addressMap: isRecord,
  gameMap: isRecord,
  chartType: (value) => CHART_TYPES.includes(value as ChartType),
  indicators: (value) => isRecord(value) && !Array.isArray(value),
  lastTraded: (value) =>
    isRecord(value) &&
    !Array.isArray(value) &&
    Object.values(value as object).every((s) => typeof s === 'string'),
  walletType: isText,
  globalConfig: isRecord,
};

/**
 * Accepts a stored record field by field; anything of the wrong shape keeps its default, and
 * without a stored language it is `language`.
 */
export function restore(stored: unknown, language: Language = DEFAULTS.language): MapState {
  const state: MapState = { ...DEFAULTS, language };
  if (!isRecord(stored)) return state;
  const s = stored as Record<string, unknown>;
  // The checks above are what make each value its field's type.
  for (const key of Object.keys(ACCEPTS) as (keyof MapState)[])
    if (ACCEPTS[key](s[key])) (state as Record<keyof MapState, unknown>)[key] = s[key];
  return state;
}

export interface StoreBackend {
  getItem(key: string): Promise<unknown>;
  setItem(key: string, value: unknown): Promise<unknown>;
}

let localforage: Promise<LocalForage> | null = null;
const loadLocalforage = () => {
  localforage ??= import('localforage').then((m) => m.default);
  return localforage;
};

/**
 * IndexedDB's record straight (src/lib/stored-record.ts); localforage, loaded on first use, only
 * where there is no IndexedDB (it then keeps the record with another driver).
 */
const storedRecordBackend: StoreBackend = {
  async getItem(key) {
    if (typeof indexedDB !== 'undefined') return readStoredRecord(key);
    return (await loadLocalforage()).getItem(key);
  },
  async setItem(key, value) {
    if (typeof indexedDB !== 'undefined') return writeStoredRecord(key, value);
    return (await loadLocalforage()).setItem(key, value);
  },
};

/**
 * Reads the stored record into the signals, then writes every later change back. What was read is
 * not written back unchanged (a write during start-up for nothing). `language` is the one to
 * start in when none is stored.
 */
export async function hydrateStore(
  backend: StoreBackend = storedRecordBackend,
  language: Language = DEFAULTS.language,
): Promise<void> {
  let stored: unknown = null;
  try {
    stored = await backend.getItem(STORE_KEY);
  } catch {
    // Private mode or a full disk: start from defaults rather than not at all.
  }
  const state = restore(stored, language);
  batch(() => {
    for (const [key, value] of Object.entries(state)) {
      (map[key as keyof MapState] as { value: unknown }).value = value;
    }
  });
  let first = true;
  effect(() => {
    const next = snapshot();
    if (first) {
      first = false;
      return;
    }
    // One write after another, in the order of the changes: two writes in flight could land in
    // either order, and an older record would then overwrite a newer one.
    lastWrite = lastWrite.then(() => backend.setItem(STORE_KEY, next)).catch(() => undefined);
  });
}

let lastWrite: Promise<unknown> = Promise.resolve();

/**
 * Resolves once the latest change has reached the persisted record; the service worker reads that
 * record to learn whose data it holds, so it is told about a wallet change only after this.
 */
export function whenPersisted(): Promise<void> {
  return lastWrite.then(() => undefined);
}
