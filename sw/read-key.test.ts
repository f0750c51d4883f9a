import { describe, expect, it } from 'vitest';
import { cacheableCode, isWalletKey, readKey } from './read-key.ts';

const origin = 'https://app.example';
const alice = { wallet: '0xAbC0000000000000000000000000000000000001', language: 'en' };

describe('read cache keys', () => {
  it('caches read codes only', () => {
    expect(cacheableCode(new URL(`${origin}/adc/html/eto/10068.do`))).toBe('10068');
    expect(cacheableCode(new URL(`${origin}/adc/html/eto/00000.do`))).toBe('00000');
    // A withdrawal, a login challenge and the language switch are never cached.
    expect(cacheableCode(new URL(`${origin}/adc/html/eto/10025.do`))).toBeNull();
    expect(cacheableCode(new URL(`${origin}/adc/html/eto/10001.do`))).toBeNull();
    expect(cacheableCode(new URL(`${origin}/adc/html/eto/E0001.do`))).toBeNull();
    expect(cacheableCode(new URL(`${origin}/adc/html/eto/99999.do`))).toBeNull();
    expect(cacheableCode(new URL(`${origin}/index.html`))).toBeNull();
  });

  it('does not depend on the order of form fields', () => {
    expect(readKey(origin, '10069', 'symbol=BTCUSDT&interval=1m', alice)).toBe(
      readKey(origin, '10069', 'interval=1m&symbol=BTCUSDT', alice),
    );
  });

  it('differs by wallet, language, code and body', () => {
    const base = readKey(origin, '10011', 'page=1', alice);
    expect(
      readKey(origin, '10011', 'page=1', { ...alice, wallet: '0xabc0000000000000000000000000000000000002' }),
    ).not.toBe(base);
    expect(readKey(origin, '10011', 'page=1', { ...alice, language: 'ar' })).not.toBe(base);
    expect(readKey(origin, '10011', 'page=2', alice)).not.toBe(base);
    expect(readKey(origin, '10010', 'page=1', alice)).not.toBe(base);
  });

  it('ignores the case of the address', () => {
    expect(readKey(origin, '10010', '', alice)).toBe(
      readKey(origin, '10010', '', { ...alice, wallet: alice.wallet.toLowerCase() }),
    );
  });

  it('tells wallet entries from anonymous ones', () => {
    expect(isWalletKey(readKey(origin, '10010', '', alice))).toBe(true);
    expect(isWalletKey(readKey(origin, '00000', '', { wallet: '', language: 'en' }))).toBe(false);
    expect(isWalletKey(`${origin}/assets/index.js`)).toBe(false);
  });
});
