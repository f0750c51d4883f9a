/**
 * Cache keys for read-only POST calls. The Cache API keys only GET requests, so a read is stored
 * under a made-up GET URL built from everything its answer depends on: the language the server
 * answers in, the wallet signed in (or `-`), the code and the form body with its fields sorted.
 * The wallet is part of the key of every code, public ones included, so one wallet's cached
 * answers can never be served to another.
 */
import { CACHEABLE_CODES, CODES, isApiCode } from '../protocol/codes.ts';
import { CODE_PATH_PATTERN } from '../protocol/envelope.ts';

const KEY_PREFIX = '/__reads/';
const NO_WALLET = '-';
const cacheable = new Set<string>(CACHEABLE_CODES);

/** The code of a product call that may be cached, or null. */
export function cacheableCode(url: URL): string | null {
  const code = CODE_PATH_PATTERN.exec(url.pathname)?.[1];
  return code && cacheable.has(code) ? code : null;
}

/** Codes whose answers belong to the signed-in wallet (never stored without one). */
export function isWalletCode(code: string): boolean {
  return isApiCode(code) && CODES[code].wallet;
}

export function canonicalForm(body: string): string {
  const form = new URLSearchParams(body);
  form.sort();
  return form.toString();
}

export interface Reader {
  /** Lower-case wallet address, or '' when nobody is signed in. */
  wallet: string;
  language: string;
}

export function readKey(origin: string, code: string, body: string, reader: Reader): string {
  const wallet = reader.wallet ? encodeURIComponent(reader.wallet.toLowerCase()) : NO_WALLET;
  const language = encodeURIComponent(reader.language || NO_WALLET);
  const query = canonicalForm(body);
  return `${origin}${KEY_PREFIX}${language}/${wallet}/${code}${query ? `?${query}` : ''}`;
}

/** True when a key belongs to a signed-in wallet (purged on logout, switch and `500`). */
export function isWalletKey(key: string): boolean {
  const path = new URL(key).pathname;
  if (!path.startsWith(KEY_PREFIX)) return false;
  const wallet = path.slice(KEY_PREFIX.length).split('/')[1];
  return wallet !== undefined && wallet !== NO_WALLET;
}
