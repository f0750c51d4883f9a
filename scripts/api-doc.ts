/**
 * Generates docs/api.md, the API reference, from the protocol modules, so that the reference
 * cannot drift from the contract the client and server share. `renderApiReference()` is pure;
 * running the file writes docs/api.md, and `--check` only compares (exit 1 when it differs).
 *
 *   node scripts/api-doc.ts           write docs/api.md
 *   node scripts/api-doc.ts --check   fail when docs/api.md is not what would be written
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import en from '../locales/en.json' with { type: 'json' };
import { ALERT_DIRECTIONS, ALERTS_PER_USER, FIRED_ALERTS_LISTED } from '../protocol/alerts.ts';
import { STATEMENT_COLUMNS, STATEMENT_MAX_DAYS } from '../protocol/assets.ts';
import { CODE_SUMMARIES } from '../protocol/code-summaries.ts';
import { API_CODES, type ApiCode, CODES, FEATURES } from '../protocol/codes.ts';
import type { ChainConfig, CoinConfig, ContactChannel, GlobalConfig } from '../protocol/config.ts';
import { codePath, RESP_OK, RESP_OK_NOTICE, RESP_SESSION_ENDED } from '../protocol/envelope.ts';
import { ERRORS, type ErrorName, errorKey } from '../protocol/errors.ts';
import type { SetLanguageRequest, SetLanguageResponse } from '../protocol/language.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, RTL_LANGUAGES } from '../protocol/languages.ts';
import { MAX_FIELD_LENGTH, pageSize, requestId } from '../protocol/validation.ts';
import { BODY_LIMIT_BYTES } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { LANGUAGE_COOKIE } from '../server/http/language.ts';

export const API_DOC_PATH = path.resolve(import.meta.dirname, '..', 'docs', 'api.md');

// ---------------------------------------------------------------------------------------------
// Markdown helpers

function cell(value: string): string {
  return value.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

/**
 * Display width of a cell's text, the way Biome's Markdown formatter measures it when it aligns
 * tables: East Asian wide characters count two columns, combining marks none.
 */
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;
const ZERO_WIDTH = /[\p{Mn}\p{Me}\u200b-\u200f]/u;

function width(text: string): number {
  let columns = 0;
  for (const char of text) columns += ZERO_WIDTH.test(char) ? 0 : WIDE.test(char) ? 2 : 1;
  return columns;
}

/** A Markdown table with padded, aligned columns (as `biome format` leaves it). */
function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const body = [head, ...rows].map((cells) => cells.map(cell));
  const widths = head.map((_, i) => Math.max(3, ...body.map((cells) => width(cells[i] ?? ''))));
  const pad = (text: string, i: number) => text + ' '.repeat((widths[i] ?? 0) - width(text));
  const line = (cells: readonly string[]) => `| ${cells.map(pad).join(' | ')} |`;
  const [header = [], ...rest] = body;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rest.map(line)].join('\n');
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');
const code = (value: string) => `\`${value}\``;
const err = (name: ErrorName) => `${code(ERRORS[name].code)} ${name}`;

/** The English message of a catalogue error, as the server sends it when the language is `en`. */
function englishError(name: ErrorName): string {
  const messages: Record<string, string> = en.errors;
  const message = messages[name];
  if (message === undefined) throw new Error(`locales/en.json has no ${errorKey(name)}`);
  return message;
}

/** The requirement of one action in a valibot pipe (e.g. the pattern of a `regex` action). */
function requirement(schema: { pipe: readonly unknown[] }, type: string): unknown {
  for (const item of schema.pipe) {
    const action = item as { type?: unknown; requirement?: unknown };
    if (action.type === type) return action.requirement;
  }
  throw new Error(`schema has no ${type} action`);
}

// ---------------------------------------------------------------------------------------------
// Hand-written parts. The `satisfies` clauses make tsc fail when a field is added to or removed
// from the protocol types without this description following.

interface FieldDoc {
  readonly type: string;
  readonly text: string;
}

const GLOBAL_CONFIG_FIELDS = {
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

const COIN_FIELDS = {
  symbol: { type: 'string', text: 'Ticker, e.g. `USDT`.' },
  name: { type: 'string', text: 'Display name.' },
  precision: { type: 'number', text: 'Digits after the decimal point the platform keeps for this coin.' },
  chains: { type: 'string[]', text: 'Ids of the chains this coin moves on, in display order.' },
} as const satisfies Record<keyof CoinConfig, FieldDoc>;

const CHAIN_FIELDS = {
  id: { type: 'string', text: 'Stable id, e.g. `TRC20`, `ERC20`, `BEP20`, `BTC`.' },
  name: { type: 'string', text: 'Display name.' },
  family: { type: "'evm' | 'tron' | 'bitcoin'", text: 'Address and signature family.' },
  evmChainId: { type: 'number | null', text: 'EIP-155 chain id for EVM chains, otherwise `null`.' },
} as const satisfies Record<keyof ChainConfig, FieldDoc>;

const CONTACT_FIELDS = {
  channel: { type: 'string', text: 'What kind of contact, e.g. `email` or `telegram`.' },
  value: { type: 'string', text: 'The address or handle.' },
} as const satisfies Record<keyof ContactChannel, FieldDoc>;

const SET_LANGUAGE_REQUEST_FIELDS = {
  lang: {
    type: 'string',
    text: `One of ${LANGUAGES.map(code).join(', ')}. Absent or empty: ${err('field_required')}; any other value: ${err('unsupported_language')}.`,
  },
} as const satisfies Record<keyof SetLanguageRequest, FieldDoc>;

const SET_LANGUAGE_RESPONSE_FIELDS = {
  lang: { type: 'string', text: 'The language now in effect.' },
} as const satisfies Record<keyof SetLanguageResponse, FieldDoc>;

function fieldTable(fields: Record<string, FieldDoc>): string {
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

// ---------------------------------------------------------------------------------------------
// Sections

function overview(): string {
  return `# Meridian API reference

Generated by \`scripts/api-doc.ts\` from \`protocol/\` (and the few server constants it names).
Do not edit this file by hand: change the protocol, then run \`node scripts/api-doc.ts\`.
\`node scripts/api-doc.ts --check\` and \`scripts/api-doc.test.ts\` fail when it is out of date.

Every product call is \`POST ${codePath('{code}')}\` with a form body. The codes are in
[Codes](#codes), the errors in [Errors](#errors).`;
}

function envelope(): string {
  const serviceFailed = en.messages.service_request_failed;
  return `## Response envelope

Every answer, success or error, is a JSON object \`{ respCode, respMsg, data }\`, sent with
\`Cache-Control: no-store\`.

- \`${RESP_OK}\`: success. \`respMsg\` is empty; \`data\` is the code's result (or \`null\`).
- \`${RESP_OK_NOTICE}\`: success with a notice; the client shows \`respMsg\` as a success toast.
- \`${RESP_SESSION_ENDED}\`: the session is missing or expired (\`session_ended\`). The client clears
  address, token, user and info and goes to \`/home\`.
- Any other \`respCode\`: an error from [Errors](#errors). \`data\` is \`null\` and \`respMsg\` is already
  translated into the language set with \`E0001\`.
- A response that is not a plain object with a string \`respCode\` (a proxy's HTML page, an empty
  body, an array) is not an envelope: the client shows "${serviceFailed}" and rejects.
- The HTTP status is informative (it helps proxies and logs); the client decides on \`respCode\`
  alone.

Values inside \`data\`:

- Amounts are decimal strings (\`"12.5"\`), never JSON numbers.
- Timestamps are Unix milliseconds.
- Paged lists are \`{ list, total, page, size }\`; \`page\` counts from 1 and \`size\` is at most
  ${String(requirement(pageSize, 'max_value'))}.`;
}

function requestRules(): string {
  const defaults = loadConfig({});
  const pattern = requirement(requestId, 'regex');
  return `## Request rules

- Method and path: \`POST ${codePath('{code}')}\`, e.g. \`POST ${codePath(RESP_OK)}\`.
- Body: \`application/x-www-form-urlencoded\`, at most ${BODY_LIMIT_BYTES} bytes (${BODY_LIMIT_BYTES / 1024} KiB).
  Every value is a string; a field is at most ${MAX_FIELD_LENGTH} characters. JSON bodies are refused.
- Header: \`X-Requested-With: XMLHttpRequest\` on every call. A cross-site form post cannot set it;
  together with \`SameSite=Strict\` cookies it is the CSRF guard.
- Rate limits: per client IP (\`RATE_LIMIT_PER_IP\`, default ${defaults.rateLimitPerIp} a minute) and per
  signed-in wallet (\`RATE_LIMIT_PER_WALLET\`, default ${defaults.rateLimitPerWallet} a minute).
- \`requestId\`: every mutating code (see [Codes](#codes)) carries a \`requestId\` field, a UUID made by
  the client (\`crypto.randomUUID()\`), compared case-insensitively. Pattern:
  \`${String(pattern)}\`.
- Idempotent replay: the server stores the first successful result under (wallet, or \`public\`
  without a session; requestId). A retry with the same requestId, code and fields (in any order)
  answers that first result and changes nothing again. The same requestId with another code or
  other fields is ${err('request_id_reused')}. A call that failed stores nothing, so it may be
  retried with the same requestId. Make a new requestId for each new user action, and reuse it only
  to retry that action.
- Language: \`E0001\` sets the \`${LANGUAGE_COOKIE}\` cookie; every later \`respMsg\` is written in that
  language. Without the cookie, messages are in \`${DEFAULT_LANGUAGE}\`. The cookie is whatever the last answer
  set, so the client sends one \`E0001\` at a time and then the language shown, if it changed
  meanwhile (\`src/app/language.ts\`): two in flight may be answered out of order.
- Offline: the service worker may answer "cacheable" codes from its cache; it never queues or
  replays a mutating call.

### Check order

A call passes these checks in this order; the first that fails is the answer, and nothing has
changed.

${CHECK_ORDER.map((step, i) => `${i + 1}. ${step.text}`).join('\n')}`;
}

/**
 * Codes in reading order: the ones outside the numbered families (`00000`, `E0001`) first, then
 * by number. (Object.keys would already put integer-like keys first, in numeric order.)
 */
function orderedCodes(): ApiCode[] {
  const numbered = (c: string) => /^[1-9][0-9]*$/.test(c);
  return [
    ...API_CODES.filter((c) => !numbered(c)),
    ...API_CODES.filter(numbered).sort((a, b) => Number(a) - Number(b)),
  ];
}

function codesSection(): string {
  const codes = orderedCodes();
  const freshCodes = codes.filter((c) => !CODES[c].mutating && !CODES[c].cacheable);
  const rows = codes.map((c) => {
    const info = CODES[c];
    return [
      code(c),
      CODE_SUMMARIES[c],
      yesNo(info.wallet),
      yesNo(info.mutating),
      yesNo(info.cacheable),
      info.feature ? code(info.feature) : '-',
    ];
  });
  return `## Codes

From \`protocol/codes.ts\`. "wallet needed": without a session the answer is \`${RESP_SESSION_ENDED}\`.
"mutating": changes state, so a \`requestId\` is required and replays are answered from the first
result. "cacheable offline": read-only, the service worker may serve its last answer when the
network is gone (kept per wallet address). "feature": the switch in the global configuration that
opens the code.

${table(['code', 'summary', 'wallet needed', 'mutating (requestId)', 'cacheable offline', 'feature'], rows)}

${freshCodes.map(code).join(', ')} are neither mutating nor cacheable: their answers must be fresh
(a language switch, a single-use nonce, a live quote), so they are never served from a cache, and
they need no \`requestId\` because repeating them changes nothing that a retry could double.`;
}

function errorsSection(): string {
  const names = Object.keys(ERRORS) as ErrorName[];
  const rows = names.map((name) => [
    code(ERRORS[name].code),
    code(name),
    String(ERRORS[name].http),
    code(errorKey(name)),
    englishError(name),
  ]);
  return `## Errors

From \`protocol/errors.ts\`. Codes never change meaning once published; new errors take new codes.
\`respMsg\` is the translation of the key in the language set with \`E0001\`; \`{{field}}\` is
replaced by the field's translated name. The English messages below come from \`locales/en.json\`.

${table(['code', 'name', 'HTTP status', 'translation key', 'English message'], rows)}`;
}

function globalConfigSection(): string {
  return `## 00000: global configuration

Request: no fields. Needs no session; cacheable offline. \`data\` is a \`GlobalConfig\`
(\`protocol/config.ts\`):

${fieldTable(GLOBAL_CONFIG_FIELDS)}

\`CoinConfig\`:

${fieldTable(COIN_FIELDS)}

\`ChainConfig\`:

${fieldTable(CHAIN_FIELDS)}

\`ContactChannel\`:

${fieldTable(CONTACT_FIELDS)}`;
}

function setLanguageSection(): string {
  const languages = table(
    ['lang', 'name', 'direction'],
    LANGUAGES.map((lang) => [
      code(lang),
      LANGUAGE_NAMES[lang],
      RTL_LANGUAGES.has(lang) ? 'right-to-left' : 'left-to-right',
    ]),
  );
  return `## E0001: set the language

Request fields (\`protocol/language.ts\`):

${fieldTable(SET_LANGUAGE_REQUEST_FIELDS)}

${languages}

Response \`data\`:

${fieldTable(SET_LANGUAGE_RESPONSE_FIELDS)}

On success the server sets the cookie \`${LANGUAGE_COOKIE}\` (\`Path=/\`, \`HttpOnly\`,
\`SameSite=Strict\`, \`Secure\` over HTTPS, kept one year). Every message from then on is in the new
language; without the cookie the server writes \`${DEFAULT_LANGUAGE}\`. Setting the same language twice
gives the same state, so \`E0001\` needs no \`requestId\`; its answer is never cached.`;
}

function statementSection(): string {
  return `## 10095: statement as CSV

The one code that answers with a file instead of the envelope: the signed-in user's finance
records (the rows of \`10011\`, movements of the available balance) of a time range, oldest first,
streamed batch by batch as the client reads, so any range costs the server the same memory.

Request fields (\`protocol/assets.ts\`): \`from\` and \`to\`, Unix milliseconds, the range
\`[from, to)\`; \`to\` after \`from\` and at most ${STATEMENT_MAX_DAYS} days later, otherwise
\`${ERRORS.statement_range_invalid.code}\` (\`statement_range_invalid\`). The client sends the start of
the first chosen day and the start of the day after the last one, in the user's time zone.

The answer, when every check passes: \`200\`, \`content-type: text/csv; charset=utf-8\`,
\`content-disposition: attachment; filename="meridian-statement-<first day>-<last day>.csv"\`
(days in UTC). UTF-8 with a byte order mark (spreadsheets then read it as UTF-8), CRLF line
ends, RFC 4180 quoting. Every check that fails still answers with the envelope and its error.
The columns, the same in every language:

${table(
  ['Column', 'Holds'],
  [
    ['`time_utc`', 'when the record was booked, ISO 8601 in UTC (`2026-11-25T13:50:12.345Z`)'],
    ['`type`', "the record type's machine name (`deposit`, `staking_interest`, …), as in `10011`"],
    ['`coin`', 'the coin symbol'],
    ['`amount`', 'signed exact decimal, no exponent, no thousands separator, no trailing zeros'],
    ['`record_id`', "the record's id, as `10011` lists it"],
    ['`demo`', '`yes` for demo money from the faucet, otherwise `no`'],
  ].filter(([column]) => STATEMENT_COLUMNS.some((c) => column === `\`${c}\``)),
)}`;
}

function alertsSection(): string {
  return `## 10092-10094: price alerts

The signed-in user's alerts on an instrument's last price (docs/alerts.md says when they fire and
how the push travels). \`10092\` sets one: \`symbol\`, \`direction\` (${ALERT_DIRECTIONS.map((d) => `\`${d}\``).join(' or ')}),
\`price\` (a positive decimal with at most the instrument's decimals) and \`requestId\`; it answers
the alert. \`10093\` lists them (optionally one \`symbol\`): \`{ list, remaining }\`, the active ones
newest first and then the ${FIRED_ALERTS_LISTED} latest fired, with \`remaining\` places of the
${ALERTS_PER_USER} active alerts a user may hold. \`10094\` deletes one: \`id\` and \`requestId\`.

Refusals: \`${ERRORS.alert_already_reached.code}\` the last price has already reached the level,
\`${ERRORS.alert_limit_reached.code}\` ${ALERTS_PER_USER} alerts are active, \`${ERRORS.alert_not_found.code}\` no
such alert of this user, \`${ERRORS.field_invalid.code}\` an unknown symbol or too many decimals.`;
}

/** The whole reference, as docs/api.md holds it. */
export function renderApiReference(): string {
  return `${[
    overview(),
    envelope(),
    requestRules(),
    codesSection(),
    errorsSection(),
    globalConfigSection(),
    setLanguageSection(),
    alertsSection(),
    statementSection(),
  ].join('\n\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// Command line

function firstDifference(a: string, b: string): number {
  const left = a.split('\n');
  const right = b.split('\n');
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    if (left[i] !== right[i]) return i + 1;
  }
  return 0;
}

function main(args: readonly string[]): number {
  const expected = renderApiReference();
  const relative = path.relative(process.cwd(), API_DOC_PATH);
  if (args.includes('--check')) {
    let actual: string | null = null;
    try {
      actual = readFileSync(API_DOC_PATH, 'utf8');
    } catch {
      actual = null;
    }
    if (actual === null) {
      console.error(`${relative} is missing; run node scripts/api-doc.ts`);
      return 1;
    }
    if (actual !== expected) {
      console.error(
        `${relative} differs from the protocol (first at line ${firstDifference(actual, expected)}); run node scripts/api-doc.ts`,
      );
      return 1;
    }
    console.log(`${relative} is up to date`);
    return 0;
  }
  writeFileSync(API_DOC_PATH, expected);
  console.log(`wrote ${relative}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
