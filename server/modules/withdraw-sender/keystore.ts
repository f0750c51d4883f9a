/**
 * An encrypted keystore file for the hot wallet: the Web3 Secret Storage Definition, version 3
 * (the JSON that geth, Foundry's `cast wallet`, MetaMask exports and ethers write): the key is
 * AES-128-CTR encrypted under a key derived from the password by scrypt or PBKDF2-HMAC-SHA256,
 * and `mac` = keccak256(derivedKey[16..32] ‖ ciphertext) says whether the password was right.
 * Node's own crypto does the work (viem has no keystore reader; no package is added for ~40 lines,
 * docs/decisions). Errors say what is wrong with the file, never the password or the key.
 */
import { createDecipheriv, pbkdf2Sync, scryptSync, timingSafeEqual } from 'node:crypto';
import { type Hex, keccak256 } from 'viem';

export class KeystoreError extends Error {
  override name = 'KeystoreError';
}

interface ScryptParams {
  dklen: number;
  n: number;
  r: number;
  p: number;
  salt: string;
}
interface Pbkdf2Params {
  dklen: number;
  c: number;
  prf: string;
  salt: string;
}
interface KeystoreV3 {
  version: number;
  crypto: {
    cipher: string;
    cipherparams: { iv: string };
    ciphertext: string;
    kdf: string;
    kdfparams: ScryptParams | Pbkdf2Params;
    mac: string;
  };
}

const hex = (value: unknown, what: string): Buffer => {
  if (typeof value !== 'string' || !/^(0x)?([0-9a-fA-F]{2})+$/.test(value))
    throw new KeystoreError(`the keystore's ${what} is not hex`);
  return Buffer.from(value.replace(/^0x/, ''), 'hex');
};

function derivedKey(password: string, crypto: KeystoreV3['crypto']): Buffer {
  const params = crypto.kdfparams;
  if (params?.dklen !== 32)
    throw new KeystoreError('the keystore asks for a derived key that is not 32 bytes');
  const salt = hex(params.salt, 'salt');
  if (crypto.kdf === 'scrypt') {
    const { n, r, p } = params as ScryptParams;
    if (![n, r, p].every((x) => Number.isSafeInteger(x) && x > 0))
      throw new KeystoreError("the keystore's scrypt parameters are not positive integers");
    // OpenSSL computes scrypt only for N below 2^(16r): every keystore geth, ethers or Foundry
    // writes (r = 8) qualifies; an r = 1 file with a large N (the wiki's old example) does not.
    if (16 * r < 53 && n >= 2 ** (16 * r))
      throw new KeystoreError(
        "the keystore's scrypt parameters (N at least 2^(16r)) cannot be computed here",
      );
    // scrypt needs 128 * N * r bytes; geth's standard file (N = 2^18, r = 8) takes 256 MiB.
    return scryptSync(password, salt, 32, { N: n, r, p, maxmem: 128 * n * r + 16 * 1024 * 1024 });
  }
  if (crypto.kdf === 'pbkdf2') {
    const { c, prf } = params as Pbkdf2Params;
    if (prf !== 'hmac-sha256')
      throw new KeystoreError('the keystore uses a PBKDF2 function other than hmac-sha256');
    if (!Number.isSafeInteger(c) || c <= 0)
      throw new KeystoreError("the keystore's PBKDF2 count is not a positive integer");
    return pbkdf2Sync(password, salt, c, 32, 'sha256');
  }
  throw new KeystoreError('the keystore uses a key derivation other than scrypt or pbkdf2');
}

/** The private key inside a version 3 keystore, or a KeystoreError (a wrong password included). */
export function decryptKeystore(json: string, password: string): Hex {
  let file: KeystoreV3;
  try {
    file = JSON.parse(json) as KeystoreV3;
  } catch {
    throw new KeystoreError('the keystore is not JSON');
  }
  if (file?.version !== 3 || typeof file.crypto !== 'object' || file.crypto === null)
    throw new KeystoreError('the keystore is not a version 3 Web3 Secret Storage file');
  const crypto = file.crypto;
  if (crypto.cipher !== 'aes-128-ctr')
    throw new KeystoreError('the keystore uses a cipher other than aes-128-ctr');
  const ciphertext = hex(crypto.ciphertext, 'ciphertext');
  const iv = hex(crypto.cipherparams?.iv, 'iv');
  const mac = hex(crypto.mac, 'mac');
  const key = derivedKey(password, crypto);
  const expected = Buffer.from(keccak256(Buffer.concat([key.subarray(16, 32), ciphertext])).slice(2), 'hex');
  if (mac.length !== expected.length || !timingSafeEqual(mac, expected))
    throw new KeystoreError('the keystore password is wrong (its MAC does not match)');
  const decipher = createDecipheriv('aes-128-ctr', key.subarray(0, 16), iv);
  const secret = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  if (secret.length !== 32) throw new KeystoreError('the keystore does not hold a 32-byte key');
  return `0x${secret.toString('hex')}`;
}
