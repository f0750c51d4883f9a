import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { privateKeyToAccount } from 'viem/accounts';
import { expect, test } from 'vitest';
import { HotWalletKeyError, hotWalletAccount, hotWalletKeyVariable } from './hot-wallet.ts';
import { PBKDF2_VECTOR } from './keystore-vectors.ts';

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

test('a keystore file named by HOT_WALLET_KEYSTORE[_<CHAIN>] opens with its password or password file', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'keystore-'));
  try {
    const file = path.join(dir, 'hot.json');
    writeFileSync(file, JSON.stringify(PBKDF2_VECTOR));
    const passwordFile = path.join(dir, 'password');
    writeFileSync(passwordFile, 'testpassword\n');
    // The vector's key, 0x7a28…fe9d, is the address below.
    const address = privateKeyToAccount(
      '0x7a28b5ba57c53603b0b07b56bba752f7784bf506fa95edc395f5cf6c7514fe9d',
    ).address;
    expect(
      hotWalletAccount({ HOT_WALLET_KEYSTORE: file, HOT_WALLET_KEYSTORE_PASSWORD: 'testpassword' }, 'ERC20')
        ?.address,
    ).toBe(address);
    const env = { HOT_WALLET_KEYSTORE_ERC20: file, HOT_WALLET_KEYSTORE_PASSWORD_FILE_ERC20: passwordFile };
    expect(hotWalletKeyVariable(env, 'ERC20')).toBe('HOT_WALLET_KEYSTORE_ERC20');
    expect(hotWalletAccount(env, 'ERC20')?.address).toBe(address);
    // The chain's own key comes before a keystore for every chain.
    expect(hotWalletKeyVariable({ HOT_WALLET_KEYSTORE: file, HOT_WALLET_KEY_ERC20: KEY }, 'ERC20')).toBe(
      'HOT_WALLET_KEY_ERC20',
    );
    // Faults name the variables, never the password.
    const fault = (e: NodeJS.ProcessEnv) => {
      try {
        hotWalletAccount(e, 'ERC20');
      } catch (error) {
        expect(error).toBeInstanceOf(HotWalletKeyError);
        expect((error as Error).message).not.toContain('testpassword');
        return (error as Error).message;
      }
      throw new Error('no fault');
    };
    expect(fault({ HOT_WALLET_KEYSTORE: file })).toBe(
      'HOT_WALLET_KEYSTORE needs HOT_WALLET_KEYSTORE_PASSWORD or HOT_WALLET_KEYSTORE_PASSWORD_FILE',
    );
    expect(fault({ HOT_WALLET_KEYSTORE: file, HOT_WALLET_KEYSTORE_PASSWORD: 'wrong' })).toBe(
      'HOT_WALLET_KEYSTORE: the keystore password is wrong (its MAC does not match)',
    );
    expect(
      fault({ HOT_WALLET_KEYSTORE: path.join(dir, 'missing.json'), HOT_WALLET_KEYSTORE_PASSWORD: 'x' }),
    ).toBe('HOT_WALLET_KEYSTORE names a file that cannot be read');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
