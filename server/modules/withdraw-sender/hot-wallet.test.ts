import { expect, test } from 'vitest';
import { HotWalletKeyError, hotWalletAccount, hotWalletKeyVariable } from './hot-wallet.ts';

// Hardhat's published account #1 key: a test key that never holds value anywhere real.
const KEY = '59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

test('the key comes from HOT_WALLET_KEY_<CHAIN>, else HOT_WALLET_KEY, with or without 0x', () => {
  expect(hotWalletKeyVariable({}, 'ERC20')).toBeNull();
  expect(hotWalletAccount({}, 'ERC20')).toBeNull();
  expect(hotWalletKeyVariable({ HOT_WALLET_KEY: KEY }, 'ERC20')).toBe('HOT_WALLET_KEY');
  expect(hotWalletKeyVariable({ HOT_WALLET_KEY: KEY, HOT_WALLET_KEY_ERC20: `0x${KEY}` }, 'ERC20')).toBe(
    'HOT_WALLET_KEY_ERC20',
  );
  expect(hotWalletAccount({ HOT_WALLET_KEY: KEY }, 'BEP20')?.address).toBe(
    '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  );
  expect(hotWalletAccount({ HOT_WALLET_KEY_ERC20: `0x${KEY}` }, 'ERC20')?.address).toBe(
    '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  );
});

test('a malformed key is refused naming the variable, never showing what it holds', () => {
  const bad = `${KEY.slice(0, 60)}zz`;
  let error: unknown;
  try {
    hotWalletAccount({ HOT_WALLET_KEY_ERC20: bad }, 'ERC20');
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(HotWalletKeyError);
  expect((error as Error).message).toBe('HOT_WALLET_KEY_ERC20 is not a 32-byte hex private key');
  expect(String((error as Error).stack)).not.toContain(KEY.slice(0, 60));
  // Zero is 32 bytes of hex and still no key: the message does not echo it either.
  expect(() => hotWalletAccount({ HOT_WALLET_KEY: '0'.repeat(64) }, 'ERC20')).toThrow(
    /^HOT_WALLET_KEY is not a valid private key$/,
  );
});
