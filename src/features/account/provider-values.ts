/**
 * The values EIP-1193 calls answer and take: an account, a chain id, the `personal_sign` data and
 * the signature. Wallets answer in several spellings (and sometimes nonsense), so every answer is
 * read through these before the wallet code trusts it. Pure, unit-tested in wallet.test.ts.
 */

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The first account of an `eth_accounts` / `accountsChanged` answer, or null. */
export function firstAccount(accounts: unknown): string | null {
  if (!Array.isArray(accounts)) return null;
  const [first] = accounts as unknown[];
  return typeof first === 'string' && ADDRESS.test(first) ? first : null;
}

/** A chain id as wallets report it (`0x38`, `56`, 56) as a number, or null. */
export function parseChainId(value: unknown): number | null {
  let id: number;
  if (typeof value === 'number') id = value;
  else if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) id = Number.parseInt(value, 16);
  else if (typeof value === 'string' && /^[0-9]+$/.test(value)) id = Number(value);
  else return null;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The `personal_sign` data parameter: the message's UTF-8 bytes as 0x-prefixed hex. */
export function utf8ToHex(message: string): `0x${string}` {
  let hex = '0x';
  for (const byte of new TextEncoder().encode(message)) hex += byte.toString(16).padStart(2, '0');
  return hex as `0x${string}`;
}

const SIGNATURE = /^0x[0-9a-fA-F]{130}$/;

export function isSignature(value: unknown): value is string {
  return typeof value === 'string' && SIGNATURE.test(value);
}
