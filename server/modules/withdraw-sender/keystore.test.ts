/**
 * The keystore reader against published files: the Web3 Secret Storage Definition's PBKDF2 test
 * vector (ethereum.org; go-ethereum accounts/keystore/testdata/v3_test_vector.json) and one of
 * go-ethereum's own scrypt keystores (accounts/keystore/testdata/keystore/aaa, password "foobar");
 * a wrong password, a tampered file, and scrypt parameters OpenSSL cannot compute.
 */
import { privateKeyToAccount } from 'viem/accounts';
import { expect, test } from 'vitest';
import { decryptKeystore, KeystoreError } from './keystore.ts';
import { GETH_SCRYPT_KEYSTORE, PBKDF2_VECTOR } from './keystore-vectors.ts';

const PASSWORD = 'testpassword';
const PRIVATE_KEY = '0x7a28b5ba57c53603b0b07b56bba752f7784bf506fa95edc395f5cf6c7514fe9d';

test('the published PBKDF2 vector and a geth scrypt keystore give their keys', () => {
  expect(decryptKeystore(JSON.stringify(PBKDF2_VECTOR), PASSWORD)).toBe(PRIVATE_KEY);
  const geth = decryptKeystore(JSON.stringify(GETH_SCRYPT_KEYSTORE), 'foobar');
  expect(privateKeyToAccount(geth).address.toLowerCase()).toBe(`0x${GETH_SCRYPT_KEYSTORE.address}`);
});

test('a wrong password or a tampered file is refused, and the error holds no secret', () => {
  const refused = (json: string, password = PASSWORD) => {
    try {
      decryptKeystore(json, password);
    } catch (error) {
      expect(error).toBeInstanceOf(KeystoreError);
      expect(String((error as Error).stack)).not.toContain(PRIVATE_KEY.slice(2, 20));
      expect(String((error as Error).stack)).not.toContain(PASSWORD);
      return (error as Error).message;
    }
    throw new Error('not refused');
  };
  expect(refused(JSON.stringify(PBKDF2_VECTOR), 'testpassword!')).toMatch(/password is wrong/);
  const flipped = PBKDF2_VECTOR.crypto.ciphertext.replace(/^53/, '54');
  expect(
    refused(JSON.stringify({ ...PBKDF2_VECTOR, crypto: { ...PBKDF2_VECTOR.crypto, ciphertext: flipped } })),
  ).toMatch(/password is wrong/);
  expect(refused('{')).toMatch(/not JSON/);
  expect(refused(JSON.stringify({ ...PBKDF2_VECTOR, version: 1 }))).toMatch(/not a version 3/);
  expect(
    refused(JSON.stringify({ ...PBKDF2_VECTOR, crypto: { ...PBKDF2_VECTOR.crypto, cipher: 'aes-128-cbc' } })),
  ).toMatch(/cipher/);
  // The wiki's scrypt example (N = 2^18 with r = 1) is beyond OpenSSL's bound: said plainly.
  const wiki = {
    ...GETH_SCRYPT_KEYSTORE.crypto,
    kdfparams: { dklen: 32, n: 262144, r: 1, p: 8, salt: '00' },
  };
  expect(refused(JSON.stringify({ version: 3, crypto: wiki }))).toMatch(/cannot be computed here/);
});
