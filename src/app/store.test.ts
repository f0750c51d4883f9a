import { effect } from '@preact/signals-react';
import { describe, expect, test } from 'vitest';
import type { GlobalConfig } from '../../protocol/config.ts';
import {
  clearSession,
  DEFAULTS,
  hydrateStore,
  map,
  restore,
  STORE_KEY,
  setAddress,
  setGlobalConfig,
  setToken,
  setUser,
  whenPersisted,
} from './store.ts';

/** A stored record in memory; `writes` holds every record written, in order. */
function memoryBackend(initial: unknown = null) {
  const data = new Map<string, unknown>([[STORE_KEY, initial]]);
  const writes: unknown[] = [];
  return {
    data,
    writes,
    getItem: async (key: string) => data.get(key) ?? null,
    setItem: async (key: string, value: unknown) => {
      writes.push(value);
      data.set(key, structuredClone(value));
    },
  };
}

describe('the persisted store', () => {
  test('defaults are those of docs/spec/product.md section 3', () => {
    expect(DEFAULTS).toMatchObject({
      language: 'zh-CN',
      address: '',
      token: '',
      openType: false,
      user: [],
      info: [],
      addressMap: {},
      gameMap: {},
      chartType: 'candle_solid',
      walletType: 'metamask',
      globalConfig: {},
    });
  });

  test('a stored record is read field by field; wrong shapes keep their defaults', () => {
    const state = restore({ language: 'ar', address: 7, chartType: 'pie', user: [{ username: '0xabc' }] });
    expect(state.language).toBe('ar');
    expect(state.address).toBe('');
    expect(state.chartType).toBe('candle_solid');
    expect(state.user).toEqual([{ username: '0xabc' }]);
    expect(restore('garbage')).toEqual(DEFAULTS);
  });

  test("without a stored language it starts in the one given (the page's), a stored one wins", () => {
    expect(restore(null, 'ar').language).toBe('ar');
    expect(restore({ language: 'xx' }, 'fr').language).toBe('fr');
    expect(restore({ language: 'ja' }, 'fr').language).toBe('ja');
  });

  test('hydrates before use and writes every change back under the key map', async () => {
    const backend = memoryBackend({ language: 'ko', token: 't1' });
    await hydrateStore(backend);
    expect(map.language.value).toBe('ko');
    expect(map.token.value).toBe('t1');
    setAddress('0xAbC');
    await whenPersisted();
    expect((backend.data.get(STORE_KEY) as { address: string }).address).toBe('0xAbC');
  });

  test('what was read is not written back until something changes (localforage loads on the first write)', async () => {
    const backend = memoryBackend({ language: 'ja' });
    const { writes } = backend;
    await hydrateStore(backend);
    await Promise.resolve();
    expect(writes).toEqual([]);
    setToken('t2');
    await whenPersisted();
    expect(writes).toHaveLength(1);
  });

  test('writes land in the order of the changes, however long each one takes', async () => {
    const backend = memoryBackend({});
    const delays = [30, 0];
    const setItem = backend.setItem;
    backend.setItem = async (key, value) => {
      await new Promise((resolve) => setTimeout(resolve, delays.shift() ?? 0));
      return setItem(key, value);
    };
    await hydrateStore(backend);
    setToken('older');
    setToken('newer');
    await whenPersisted();
    // Past the older write's delay too, had it been sent at once.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((backend.data.get(STORE_KEY) as { token: string }).token).toBe('newer');
  });

  test("the start-up's refresh to the same settings changes nothing: no reader told, nothing written", async () => {
    const config = {
      coins: [{ coin: 'USDT' }],
      features: { markets: true },
      serverTime: 1,
    } as unknown as GlobalConfig;
    const backend = memoryBackend({ globalConfig: config });
    const { writes } = backend;
    await hydrateStore(backend);
    let reads = 0;
    const stop = effect(() => {
      map.globalConfig.value;
      reads += 1;
    });
    // The same settings, as a new object at a later server time (a fresh answer of 00000).
    setGlobalConfig({ ...structuredClone(config), serverTime: 2 });
    await whenPersisted();
    expect([reads, writes.length]).toEqual([1, 0]);
    // A changed one is set, told and written.
    const changed = { ...config, features: { markets: false } } as unknown as GlobalConfig;
    setGlobalConfig(changed);
    await whenPersisted();
    expect([reads, writes.length]).toEqual([2, 1]);
    expect(map.globalConfig.value).toBe(changed);
    stop();
  });

  test('clearing the session empties address, token, user and info only', () => {
    setAddress('0x1');
    setToken('t');
    setUser([{ username: '0x1', address: '0x1', inviteCode: 'AAAAAAAA', inviter: null, createdAt: 0 }]);
    map.chartType.value = 'area';
    clearSession();
    expect([map.address.value, map.token.value, map.user.value, map.info.value]).toEqual(['', '', [], []]);
    expect(map.chartType.value).toBe('area');
  });
});
