import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { base58 } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { getAddress, keccak256 } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import { DEMO_EVM_ACCOUNT_XPUB, DEMO_TRON_ACCOUNT_XPUB } from './demo-keys.ts';
import {
  deriveDepositAddress,
  evmToTron,
  isValidEvmAddress,
  isValidTronAddress,
  MAX_ADDRESS_INDEX,
  validateXpub,
} from './derive.ts';

/** Hardhat's and Anvil's published test mnemonic: public, holds nothing. */
const MNEMONIC = 'test test test test test test test test test test test junk';
const root = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC));

/**
 * TRON address computed independently of derive.ts: private key along the full hardened path, its
 * public key, keccak256, 0x41 prefix, base58 with a hand-made double SHA-256 checksum.
 */
function tronAddressFromSeedPath(path: string): string {
  const priv = root.derive(path).privateKey;
  if (!priv) throw new Error('no private key');
  const pub = secp256k1.getPublicKey(priv, false).slice(1);
  const hash = Buffer.from(keccak256(pub).slice(2), 'hex').subarray(12);
  const payload = Buffer.concat([Buffer.from([0x41]), hash]);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return base58.encode(Buffer.concat([payload, checksum]));
}

/** Replaces the character at `at` with a different base58 character. */
function mutate(address: string, at: number): string {
  const c = address[at];
  const replacement = c === '2' ? '3' : '2';
  return address.slice(0, at) + replacement + address.slice(at + 1);
}

describe('demo keys', () => {
  test('are the account xpubs of the published test mnemonic', () => {
    expect(DEMO_EVM_ACCOUNT_XPUB).toBe(root.derive("m/44'/60'/0'").publicExtendedKey);
    expect(DEMO_TRON_ACCOUNT_XPUB).toBe(root.derive("m/44'/195'/0'").publicExtendedKey);
    expect(() => validateXpub(DEMO_EVM_ACCOUNT_XPUB)).not.toThrow();
    expect(() => validateXpub(DEMO_TRON_ACCOUNT_XPUB)).not.toThrow();
  });
});

describe('EVM deposit addresses', () => {
  test("match the well-known Hardhat accounts at m/44'/60'/0'/0/i", () => {
    expect(deriveDepositAddress('evm', DEMO_EVM_ACCOUNT_XPUB, 0)).toBe(
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    );
    expect(deriveDepositAddress('evm', DEMO_EVM_ACCOUNT_XPUB, 1)).toBe(
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    );
  });

  test("agree with viem's mnemonicToAccount for the first indices", () => {
    for (let i = 0; i < 5; i++) {
      expect(deriveDepositAddress('evm', DEMO_EVM_ACCOUNT_XPUB, i)).toBe(
        mnemonicToAccount(MNEMONIC, { addressIndex: i }).address,
      );
    }
  });

  test('are EIP-55 checksummed', () => {
    const address = deriveDepositAddress('evm', DEMO_EVM_ACCOUNT_XPUB, 7);
    expect(address).toBe(getAddress(address));
    expect(isValidEvmAddress(address)).toBe(true);
  });
});

describe('TRON deposit addresses', () => {
  test('agree with an independent derivation from the private key path', () => {
    for (const i of [0, 1, 2, 1000, MAX_ADDRESS_INDEX]) {
      expect(deriveDepositAddress('tron', DEMO_TRON_ACCOUNT_XPUB, i)).toBe(
        tronAddressFromSeedPath(`m/44'/195'/0'/0/${i}`),
      );
    }
  });

  test("match published vectors for the test mnemonic at m/44'/195'/0'/0/i", () => {
    // The same values appear in other wallets' test suites for this mnemonic and path.
    expect(deriveDepositAddress('tron', DEMO_TRON_ACCOUNT_XPUB, 0)).toBe(
      'TWer2Ygk5TEheHp3TPuYeqxmB6SsGZmaL6',
    );
    expect(deriveDepositAddress('tron', DEMO_TRON_ACCOUNT_XPUB, 1)).toBe(
      'TPjjvMwjPoDC32V2dGDYTkLH4E5LAtBZ6C',
    );
  });

  test('have the TRON format and validate', () => {
    for (let i = 0; i < 20; i++) {
      const address = deriveDepositAddress('tron', DEMO_TRON_ACCOUNT_XPUB, i);
      expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      expect(address).toHaveLength(34);
      expect(isValidTronAddress(address)).toBe(true);
    }
  });

  test('a one-character change fails validation', () => {
    const address = deriveDepositAddress('tron', DEMO_TRON_ACCOUNT_XPUB, 0);
    for (let at = 1; at < address.length; at++) {
      expect(isValidTronAddress(mutate(address, at))).toBe(false);
    }
  });

  test('use the same key hash as the EVM address of the same key', () => {
    // The TRON xpub's child, read as an EVM address, converts to the TRON address.
    const evmOfTronKey = deriveDepositAddress('evm', DEMO_TRON_ACCOUNT_XPUB, 0);
    expect(evmOfTronKey).toBe('0xe2E1a54926527Fbb4E4420DE4c6BAb82beAEE24D');
    expect(evmToTron(evmOfTronKey)).toBe(deriveDepositAddress('tron', DEMO_TRON_ACCOUNT_XPUB, 0));
  });
});

describe('deriveDepositAddress', () => {
  test('is deterministic', () => {
    for (const family of ['evm', 'tron'] as const) {
      const xpub = family === 'evm' ? DEMO_EVM_ACCOUNT_XPUB : DEMO_TRON_ACCOUNT_XPUB;
      expect(deriveDepositAddress(family, xpub, 42)).toBe(deriveDepositAddress(family, xpub, 42));
    }
  });

  test('gives different addresses for different indices', () => {
    for (const family of ['evm', 'tron'] as const) {
      const xpub = family === 'evm' ? DEMO_EVM_ACCOUNT_XPUB : DEMO_TRON_ACCOUNT_XPUB;
      const addresses = new Set(Array.from({ length: 50 }, (_, i) => deriveDepositAddress(family, xpub, i)));
      expect(addresses.size).toBe(50);
    }
  });

  test('accepts a key with surrounding whitespace (pasted from a file)', () => {
    expect(deriveDepositAddress('evm', `  ${DEMO_EVM_ACCOUNT_XPUB}\n`, 0)).toBe(
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    );
  });

  test('refuses an index that is not a non-negative 31-bit integer', () => {
    for (const bad of [-1, 1.5, MAX_ADDRESS_INDEX + 1, 2 ** 32, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => deriveDepositAddress('evm', DEMO_EVM_ACCOUNT_XPUB, bad)).toThrow(RangeError);
    }
    expect(() => deriveDepositAddress('tron', DEMO_TRON_ACCOUNT_XPUB, MAX_ADDRESS_INDEX)).not.toThrow();
  });

  test('refuses an unknown family', () => {
    expect(() => deriveDepositAddress('solana' as 'evm', DEMO_EVM_ACCOUNT_XPUB, 0)).toThrow(/family/);
  });
});

describe('validateXpub', () => {
  test('refuses an extended private key', () => {
    const xprv = root.derive("m/44'/60'/0'").privateExtendedKey;
    expect(xprv.startsWith('xprv')).toBe(true);
    expect(() => validateXpub(xprv)).toThrow(/PRIVATE key/);
    expect(() => deriveDepositAddress('evm', xprv, 0)).toThrow(/PRIVATE key/);
    // The message never repeats the secret.
    let message = '';
    try {
      validateXpub(xprv);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/PRIVATE key/);
    expect(message).not.toContain(xprv.slice(4, 20));
  });

  test('refuses garbage', () => {
    const corrupted = mutate(DEMO_EVM_ACCOUNT_XPUB, 40);
    for (const bad of [
      '',
      '   ',
      'hello',
      'xpub',
      'xpub123',
      corrupted,
      DEMO_EVM_ACCOUNT_XPUB.slice(0, -1),
    ]) {
      expect(() => validateXpub(bad)).toThrow(Error);
    }
    expect(() => validateXpub(corrupted)).toThrow(/not a valid extended public key/);
    expect(() => validateXpub('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toThrow(/xpub/);
  });

  test('refuses a key that is not account-level', () => {
    expect(() => validateXpub(root.publicExtendedKey)).toThrow(/depth 0/);
    expect(() => validateXpub(root.derive("m/44'/60'/0'/0").publicExtendedKey)).toThrow(/depth 4/);
  });
});

describe('isValidEvmAddress', () => {
  const checksummed = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

  test('accepts the correct EIP-55 checksum, all-lowercase and all-uppercase', () => {
    expect(isValidEvmAddress(checksummed)).toBe(true);
    expect(isValidEvmAddress(checksummed.toLowerCase())).toBe(true);
    expect(isValidEvmAddress(`0x${checksummed.slice(2).toUpperCase()}`)).toBe(true);
  });

  test('rejects a wrong-case checksum', () => {
    // 'F' at index 5 flipped to 'f': mixed case that is not the EIP-55 form.
    const wrong = `${checksummed.slice(0, 5)}f${checksummed.slice(6)}`;
    expect(wrong).not.toBe(checksummed);
    expect(isValidEvmAddress(wrong)).toBe(false);
  });

  test('rejects wrong shapes', () => {
    for (const bad of [
      '',
      checksummed.slice(2),
      checksummed.slice(0, -1),
      `${checksummed}0`,
      `0X${checksummed.slice(2)}`,
      `0x${'g'.repeat(40)}`,
      'TWer2Ygk5TEheHp3TPuYeqxmB6SsGZmaL6',
      42,
      null,
    ]) {
      expect(isValidEvmAddress(bad)).toBe(false);
    }
  });
});

describe('isValidTronAddress', () => {
  test('accepts well-known TRON addresses', () => {
    expect(isValidTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true); // USDT TRC20 contract
    expect(isValidTronAddress('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).toBe(true); // the zero address
  });

  test('rejects base58check with another prefix, bad checksums and other shapes', () => {
    for (const bad of [
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', // a Bitcoin address: valid base58check, prefix 0x00
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t1',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t', // '0' is not base58
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      '',
      undefined,
    ]) {
      expect(isValidTronAddress(bad)).toBe(false);
    }
  });
});

describe('evmToTron', () => {
  test('converts known addresses', () => {
    expect(evmToTron('0xa614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe(
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    );
    expect(evmToTron('0x0000000000000000000000000000000000000000')).toBe(
      'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
    );
    expect(evmToTron('0xe2E1a54926527Fbb4E4420DE4c6BAb82beAEE24D')).toBe(
      'TWer2Ygk5TEheHp3TPuYeqxmB6SsGZmaL6',
    );
  });

  test('refuses an invalid EVM address', () => {
    expect(() => evmToTron('0x1234')).toThrow(/EVM address/);
    expect(() => evmToTron('0xf39fd6e51aad88F6F4ce6aB8827279cffFb92266')).toThrow(/EVM address/);
  });
});

describe('bitcoin (P2WPKH) deposit addresses', () => {
  test('match an independent derivation from the test mnemonic and the BIP-84 vector format', async () => {
    const { mnemonicToSeedSync } = await import('@scure/bip39');
    const { HDKey } = await import('@scure/bip32');
    const { bech32 } = await import('@scure/base');
    const { ripemd160 } = await import('@noble/hashes/legacy');
    const { sha256 } = await import('@noble/hashes/sha2');
    const { deriveDepositAddress, isValidBitcoinAddress } = await import('./derive.ts');
    const { DEMO_BITCOIN_ACCOUNT_XPUB } = await import('./demo-keys.ts');
    const root = HDKey.fromMasterSeed(
      mnemonicToSeedSync('test test test test test test test test test test test junk'),
    );
    for (const index of [0, 1, 7]) {
      const child = root.derive(`m/84'/0'/0'/0/${index}`);
      const expected = bech32.encode('bc', [
        0,
        ...bech32.toWords(ripemd160(sha256(child.publicKey as Uint8Array))),
      ]);
      const derived = deriveDepositAddress('bitcoin', DEMO_BITCOIN_ACCOUNT_XPUB, index);
      expect(derived).toBe(expected);
      expect(derived).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
      expect(isValidBitcoinAddress(derived)).toBe(true);
      expect(isValidBitcoinAddress(`${derived.slice(0, -1)}${derived.endsWith('q') ? 'p' : 'q'}`)).toBe(
        false,
      );
    }
    expect(isValidBitcoinAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false);
  });
});
