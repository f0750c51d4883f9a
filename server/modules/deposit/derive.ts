/**
 * Per-user deposit addresses, derived from account-level extended PUBLIC keys (BIP-32). Pure: no I/O,
 * no database, no configuration lookups; the caller passes the xpub.
 *
 * Path: `m/0/i` under the account xpub, i.e. the non-hardened external chain 0, then address index i.
 * With an account xpub exported at `m/44'/60'/0'` (EVM) or `m/44'/195'/0'` (TRON) the full path of
 * address i is `m/44'/60'/0'/0/i` or `m/44'/195'/0'/0/i`, the path every BIP-44 wallet uses, so the
 * operator sees (and can move) the deposits with the matching seed in an ordinary wallet.
 *
 * The server never holds a private key: `validateXpub` refuses an `xprv`. See docs/deposit-addresses.md.
 */
import { secp256k1 } from '@noble/curves/secp256k1';
import { ripemd160 } from '@noble/hashes/legacy';
import { sha256 } from '@noble/hashes/sha2';
import { bech32, createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { bytesToHex, getAddress, hexToBytes } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';

export type AddressFamily = 'evm' | 'tron' | 'bitcoin';

/** Highest address index: BIP-32 non-hardened children are 0 .. 2^31 - 1. */
export const MAX_ADDRESS_INDEX = 0x7fffffff;

/** Depth of an account-level key (`m / purpose' / coin_type' / account'`). */
const ACCOUNT_DEPTH = 3;
const HARDENED_OFFSET = 0x80000000;
/** BIP-32 external (receive) chain under the account. */
const EXTERNAL_CHAIN = 0;
/** Version byte of a TRON mainnet address; base58check of 0x41 + 20 bytes starts with `T`. */
const TRON_PREFIX = 0x41;

const base58check = createBase58check(sha256);

/**
 * Parses an account-level extended public key, or throws an Error that says what is wrong with it.
 * Refuses private keys (`xprv`): deposit addresses need none, and the server must never hold one.
 */
function parseAccountXpub(xpub: string): HDKey {
  if (typeof xpub !== 'string' || xpub.trim() === '') {
    throw new Error('Deposit key: an extended public key (xpub...) is required');
  }
  const key = xpub.trim();
  if (/^[a-z]prv/i.test(key)) {
    throw new Error(
      'Deposit key: this is an extended PRIVATE key (xprv...). Refused: the server only ever takes the ' +
        "account-level extended public key (xpub...). Export the xpub of m/44'/60'/0' or m/44'/195'/0' " +
        'instead, and treat this private key as exposed.',
    );
  }
  if (!key.startsWith('xpub')) {
    throw new Error(
      `Deposit key: expected a mainnet extended public key starting with "xpub", got "${key.slice(0, 4)}..."`,
    );
  }
  let node: HDKey;
  try {
    node = HDKey.fromExtendedKey(key);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`Deposit key: not a valid extended public key (${reason})`);
  }
  // Belt and braces: an "xpub" prefix whose payload carries a private key would still be refused.
  if (node.privateKey) {
    throw new Error('Deposit key: the key contains a private key. Refused: use the extended public key.');
  }
  if (node.depth !== ACCOUNT_DEPTH || node.index < HARDENED_OFFSET) {
    throw new Error(
      `Deposit key: expected an account-level xpub (depth 3, e.g. m/44'/60'/0'), got depth ${node.depth}` +
        (node.depth === ACCOUNT_DEPTH ? ' with a non-hardened index' : ''),
    );
  }
  return node;
}

/** Throws a clear Error unless `xpub` is an account-level extended public key (and not a private key). */
export function validateXpub(xpub: string): void {
  parseAccountXpub(xpub);
}

function assertIndex(index: number): void {
  if (!Number.isInteger(index) || index < 0 || index > MAX_ADDRESS_INDEX) {
    throw new RangeError(
      `Deposit address index must be an integer from 0 to ${MAX_ADDRESS_INDEX}, got ${index}`,
    );
  }
}

/** EIP-55 address of a compressed secp256k1 public key. */
function evmAddressOfPublicKey(compressed: Uint8Array): `0x${string}` {
  const uncompressed = secp256k1.ProjectivePoint.fromHex(compressed).toRawBytes(false);
  // keccak256 of the 64-byte key (0x04 dropped), last 20 bytes, EIP-55 checksummed.
  return publicKeyToAddress(bytesToHex(uncompressed));
}

/**
 * The deposit address of `index` (a user's stable address number) under an account-level xpub:
 * child `m/0/index`. EVM: EIP-55 `0x...`; TRON: base58check `T...` (34 characters).
 * Deterministic: the same (family, xpub, index) always gives the same address.
 * Throws RangeError for an index outside 0 .. 2^31 - 1, Error for a bad or private key.
 */
export function deriveDepositAddress(family: AddressFamily, accountXpub: string, index: number): string {
  assertIndex(index);
  if (family !== 'evm' && family !== 'tron' && family !== 'bitcoin') {
    throw new Error(`Deposit address family must be "evm", "tron" or "bitcoin", got "${String(family)}"`);
  }
  const child = parseAccountXpub(accountXpub).deriveChild(EXTERNAL_CHAIN).deriveChild(index);
  if (!child.publicKey) throw new Error('Deposit key: derivation produced no public key');
  if (family === 'bitcoin') return segwitAddressOfPublicKey(child.publicKey);
  const evm = evmAddressOfPublicKey(child.publicKey);
  return family === 'evm' ? evm : evmToTron(evm);
}

/**
 * Native SegWit (P2WPKH, BIP-84): bech32 `bc1q…` of HASH160 of the compressed public key. The
 * account key is the xpub of m/84'/0'/0' (exported in plain `xpub` form).
 */
function segwitAddressOfPublicKey(compressed: Uint8Array): string {
  const program = ripemd160(sha256(compressed));
  return bech32.encode('bc', [0, ...bech32.toWords(program)]);
}

/** A mainnet P2WPKH address: bech32, witness version 0, a 20-byte program. */
export function isValidBitcoinAddress(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 42 || !value.startsWith('bc1q')) return false;
  try {
    const decoded = bech32.decode(value as `bc1${string}`);
    if (decoded.prefix !== 'bc' || decoded.words[0] !== 0) return false;
    return bech32.fromWords(decoded.words.slice(1)).length === 20;
  } catch {
    return false;
  }
}

const EVM_HEX = /^0x[0-9a-fA-F]{40}$/;

/**
 * `0x` followed by 40 hex digits. All-lowercase and all-uppercase (no checksum) are accepted; mixed
 * case must be the exact EIP-55 checksum.
 */
export function isValidEvmAddress(value: unknown): value is string {
  if (typeof value !== 'string' || !EVM_HEX.test(value)) return false;
  const body = value.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return getAddress(value) === value;
}

/** Base58check that decodes to 21 bytes starting with 0x41 (which makes it `T...`, 34 characters). */
export function isValidTronAddress(value: unknown): value is string {
  // Length first: every such address is 34 characters, and it keeps base58 decoding (quadratic) cheap.
  if (typeof value !== 'string' || value.length !== 34) return false;
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(value);
  } catch {
    return false;
  }
  return bytes.length === 21 && bytes[0] === TRON_PREFIX;
}

/** The TRON address (`T...`) of the same 20-byte account hash as an EVM address. */
export function evmToTron(address: string): string {
  if (!isValidEvmAddress(address)) throw new Error(`Not a valid EVM address: ${address}`);
  const payload = new Uint8Array(21);
  payload[0] = TRON_PREFIX;
  payload.set(hexToBytes(address as `0x${string}`), 1);
  return base58check.encode(payload);
}
