import { FEATURES } from '../protocol/codes.ts';
import type { ChainConfig, CoinConfig, ContactChannel, GlobalConfig } from '../protocol/config.ts';
import type { SetLanguageRequest, SetLanguageResponse } from '../protocol/language.ts';
import { LANGUAGES } from '../protocol/languages.ts';
import { MAX_FIELD_LENGTH } from '../protocol/validation.ts';
import { BODY_LIMIT_BYTES } from '../server/app.ts';
import { code, err, table } from './api-doc-markdown.ts';

// ---------------------------------------------------------------------------------------------
// Hand-written parts. The `satisfies` clauses make tsc fail when a field is added to or removed
// from the protocol types without this description following.

interface FieldDoc {
  readonly type: string;
  readonly text: string;
}

export const GLOBAL_CONFIG_FIELDS = {
  serviceContract: {
    type: 'string',
    text: 'The operator business contract address (EIP-55 checksum), or `""` when none is configured.',
  },
  coins: { type: 'CoinConfig[]', text: 'Coins the platform handles, in display order.' },
  chains: { type: 'ChainConfig[]', text: 'Networks the coins move on.' },
  features: {
    type: 'Record<Feature, boolean>',
    text: `One boolean per feature (${FEATURES.map(code).join(', ')}). A feature is \`true\` only when the operator switched it on and this server answers every code of that feature; a code whose feature is off answers ${err('not_open_yet')}.`,
  },
  contact: { type: 'ContactChannel[]', text: 'Ways to reach the operator, in display order.' },
  maxApr: {
    type: 'string | null',
    text: 'The highest APR, in percent as a decimal string (e.g. `"18"`), among the staking plans that can still be staked, computed from the configured plans; `null` while staking is closed or every plan is sold out (docs/staking.md).',
  },
  topYield: {
    type: "{ percent: string; source: 'staking' } | { percent: string; source: 'mining'; machineId: number } | null",
    text: 'What the "annualized up to X%" label shows and where it links: the best of `maxApr` and the mining machines\' net cycle return as a simple yearly rate (cycle return x 365 / cycle days), among machines that are not sold out, at today\'s estimate and price; `null` when neither offers a positive rate (docs/mining.md, docs/referral.md).',
  },
  referral: {
    type: '{ direct: string; indirect: string } | null',
    text: "Percent of an invitee's fees paid to their inviter (`direct`) and to the inviter's inviter (`indirect`); `null` while referral is closed (docs/referral.md).",
  },
  vapidPublicKey: {
    type: 'string | null',
    text: 'The VAPID public key the client subscribes to push with; `null` while push is not set up.',
  },
  demo: {
    type: 'boolean',
    text: 'Demo mode: the faucet (`10012`) is on and screens label demo money. Only on the embedded database, never with `NODE_ENV=production`.',
  },
  serverTime: {
    type: 'number',
    text: 'Server time in Unix milliseconds, so the client can tell its clock offset.',
  },
} as const satisfies Record<keyof GlobalConfig, FieldDoc>;

export const COIN_FIELDS = {
  symbol: { type: 'string', text: 'Ticker, e.g. `USDT`.' },
  name: { type: 'string', text: 'Display name.' },
  precision: { type: 'number', text: 'Digits after the decimal point the platform keeps for this coin.' },
  chains: { type: 'string[]', text: 'Ids of the chains this coin moves on, in display order.' },
} as const satisfies Record<keyof CoinConfig, FieldDoc>;

export const CHAIN_FIELDS = {
  id: { type: 'string', text: 'Stable id, e.g. `TRC20`, `ERC20`, `BEP20`, `BTC`.' },
  name: { type: 'string', text: 'Display name.' },
  family: { type: "'evm' | 'tron' | 'bitcoin'", text: 'Address and signature family.' },
  evmChainId: { type: 'number | null', text: 'EIP-155 chain id for EVM chains, otherwise `null`.' },
} as const satisfies Record<keyof ChainConfig, FieldDoc>;

export const CONTACT_FIELDS = {
  channel: { type: 'string', text: 'What kind of contact, e.g. `email` or `telegram`.' },
  value: { type: 'string', text: 'The address or handle.' },
} as const satisfies Record<keyof ContactChannel, FieldDoc>;

export const SET_LANGUAGE_REQUEST_FIELDS = {
  lang: {
    type: 'string',
    text: `One of ${LANGUAGES.map(code).join(', ')}. Absent or empty: ${err('field_required')}; any other value: ${err('unsupported_language')}.`,
  },
} as const satisfies Record<keyof SetLanguageRequest, FieldDoc>;

export const SET_LANGUAGE_RESPONSE_FIELDS = {
  lang: { type: 'string', text: 'The language now in effect.' },
} as const satisfies Record<keyof SetLanguageResponse, FieldDoc>;

export function fieldTable(fields: Record<string, FieldDoc>): string {
  return table(
    ['field', 'type', 'meaning'],
    Object.entries(fields).map(([name, f]) => [code(name), code(f.type), f.text]),
  );
}

/**
 * The checks a product call passes, in the order they run. `marker` is text in the body of
 * `createDispatcher` (server/http/dispatch.ts) for the steps that happen there; the test checks
 * those markers still appear in this order, so a reordering in dispatch.ts fails until this
 * list follows.
 */
export const CHECK_ORDER: readonly { readonly marker: string | null; readonly text: string }[] = [
  {
    marker: null,
    text: `Route: only \`POST /adc/html/eto/{code}.do\` (code of 1-10 letters or digits) is a product call. Another method on such a path answers ${err('method_not_allowed')}; any other path ${err('not_found')} (a browser GET asking for HTML gets the app shell instead when the client is built).`,
  },
  {
    marker: null,
    text: `CSRF header: \`X-Requested-With: XMLHttpRequest\` must be present, else ${err('csrf_header_missing')}. Requests refused here do not count against the rate limit.`,
  },
  {
    marker: null,
    text: `Rate limit per client IP, else ${err('too_many_requests')}.`,
  },
  {
    marker: null,
    text: `Body: \`Content-Type: application/x-www-form-urlencoded\` (anything else, including JSON or no type, is ${err('unsupported_content_type')}); at most ${BODY_LIMIT_BYTES} bytes, else ${err('body_too_large')}; a body that cannot be decoded is ${err('malformed_body')}.`,
  },
  {
    marker: null,
    text: `Rate limit per signed-in wallet (requests without a session are limited per IP only), else ${err('too_many_requests')}.`,
  },
  { marker: 'codeFromFile(', text: `Known code: one of the table below, else ${err('unknown_code')}.` },
  {
    marker: "DomainError('not_open_yet')",
    text: `Open: this server answers the code and the code's feature is switched on in the global configuration, else ${err('not_open_yet')}.`,
  },
  {
    marker: "DomainError('session_ended')",
    text: `Session: codes marked "wallet" need a signed-in wallet, else ${err('session_ended')}.`,
  },
  {
    marker: 'readRequestId(body)',
    text: `requestId: mutating codes need a \`requestId\` field, else ${err('request_id_required')}; one that is not a UUID is ${err('field_invalid')} (field \`requestId\`).`,
  },
  {
    marker: 'parseForm(',
    text: `Fields: every value must be a single string (a repeated key or a bracketed key is ${err('field_invalid')}) of at most ${MAX_FIELD_LENGTH} characters (else ${err('field_too_long')}); then the code's schema runs and its first problem is answered: ${err('field_required')} for an absent or empty field, ${err('field_invalid')} for a bad one, or a specific error the schema names. Fields the schema does not know are dropped.`,
  },
  {
    marker: 'runIdempotent(',
    text: `Idempotency (mutating codes): the call runs in one database transaction with its requestId record; a replay returns the stored result, a reused requestId with another code or body is ${err('request_id_reused')}.`,
  },
  {
    marker: null,
    text: `Handler. Anything unexpected is logged and answered as ${err('internal_error')}, with no detail about the cause.`,
  },
];
