/**
 * The code table of docs/spec/design.md section 4. `wallet` marks codes that need a signed-in wallet,
 * `mutating` marks codes that change state and therefore require a `requestId`, `cacheable`
 * marks read-only codes whose answers the service worker may keep for offline use, and
 * `feature` ties a code to the feature switch in the global configuration.
 */
export type Feature =
  | 'account'
  | 'assets'
  | 'deposit'
  | 'withdraw'
  | 'exchange'
  | 'staking'
  | 'mining'
  | 'ido'
  | 'push'
  | 'markets'
  | 'trading'
  | 'news'
  | 'referral'
  | 'alerts'
  | 'solvency';

export const FEATURES: readonly Feature[] = [
  'account',
  'assets',
  'deposit',
  'withdraw',
  'exchange',
  'staking',
  'mining',
  'ido',
  'push',
  'markets',
  'trading',
  'news',
  'referral',
  'alerts',
  'solvency',
];

/** What each code does is in ./code-summaries.ts (for the API reference). */
export interface CodeInfo {
  readonly wallet: boolean;
  readonly mutating: boolean;
  readonly cacheable: boolean;
  readonly feature: Feature | null;
}

// Literal flag types, so that the contract can tell a mutating or wallet code by its type.
const read = <W extends boolean = false>(feature: Feature | null, wallet: W = false as W) => ({
  wallet,
  mutating: false as const,
  cacheable: true as const,
  feature,
});
const write = <W extends boolean = true>(feature: Feature | null, wallet: W = true as W) => ({
  wallet,
  mutating: true as const,
  cacheable: false as const,
  feature,
});

export const CODES = {
  '00000': read(null),
  // Setting the language is idempotent by nature (the same value twice gives the same state),
  // so it is neither cached nor asked for a requestId; see docs/api.md.
  E0001: {
    wallet: false,
    mutating: false,
    cacheable: false,
    feature: null,
  },
  '10001': {
    wallet: false,
    mutating: false,
    cacheable: false,
    feature: 'account',
  },
  '10002': write('account', false),
  '10003': write('account'),
  '10008': read('account', true),
  '10009': write('referral'),
  '10010': read('assets', true),
  '10011': read('assets', true),
  // Not in the original table: the demo faucet of the embedded start (docs/api.md).
  '10012': write('assets'),
  '10020': read('deposit', true),
  '10021': read('deposit', true),
  '10022': read('withdraw', true),
  '10023': write('withdraw'),
  // Not in the original table: the withdrawal address book (docs/withdrawals.md).
  '10024': read('withdraw', true),
  '10025': write('withdraw'),
  '10026': read('withdraw', true),
  '10027': read('withdraw', true),
  '10028': write('withdraw'),
  '10029': write('withdraw'),
  '10030': {
    wallet: false,
    mutating: false,
    cacheable: false,
    feature: 'exchange',
  },
  '10031': write('exchange'),
  '10034': read('exchange', true),
  '10035': read('staking'),
  '10036': write('staking'),
  '10037': read('staking', true),
  '10041': write('staking'),
  '10050': read('mining'),
  '10051': read('mining'),
  '10052': write('mining'),
  '10053': read('mining', true),
  '10055': read('mining', true),
  '10056': read('mining', true),
  '10058': write('mining'),
  '10060': read('ido'),
  '10062': read('ido'),
  '10063': write('ido'),
  '10064': read('ido', true),
  '100666': write('push', false),
  '100655': write('push', false),
  '10068': read('markets'),
  '10069': read('markets'),
  '10071': read('markets'),
  '10073': write('trading'),
  '10074': write('trading'),
  '10076': write('trading'),
  '10079': write('trading'),
  '10080': read('trading', true),
  '10081': read('trading', true),
  '10082': read('trading', true),
  '10083': read('news'),
  '10084': read('news'),
  '10085': read('news'),
  '100201': read('referral', true),
  // Not in the original table: proof of solvency (docs/solvency.md).
  '10090': read('solvency'),
  '10091': read('solvency', true),
  // Not in the original table: statements as CSV (docs/api.md), price alerts (docs/alerts.md).
  '10095': {
    wallet: true,
    mutating: false,
    cacheable: false,
    feature: 'assets',
  },
  '10092': write('alerts'),
  '10093': read('alerts', true),
  '10094': write('alerts'),
} as const;
// Checked apart from the literal: `satisfies` there would infer the helpers' flags as plain booleans.
CODES satisfies Record<string, CodeInfo>;

export type ApiCode = keyof typeof CODES;

export const API_CODES = Object.keys(CODES) as ApiCode[];

export function isApiCode(value: string): value is ApiCode {
  return Object.hasOwn(CODES, value);
}

/** Codes whose answers the service worker may cache (read-only). */
export const CACHEABLE_CODES: readonly ApiCode[] = API_CODES.filter((c) => CODES[c].cacheable);
