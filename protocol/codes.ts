/**
 * The code table of DESIGN.md section 4. `wallet` marks codes that need a signed-in wallet,
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
  | 'referral';

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
];

export interface CodeInfo {
  readonly summary: string;
  readonly wallet: boolean;
  readonly mutating: boolean;
  readonly cacheable: boolean;
  readonly feature: Feature | null;
}

const read = (summary: string, feature: Feature | null, wallet = false): CodeInfo => ({
  summary,
  wallet,
  mutating: false,
  cacheable: true,
  feature,
});
const write = (summary: string, feature: Feature | null, wallet = true): CodeInfo => ({
  summary,
  wallet,
  mutating: true,
  cacheable: false,
  feature,
});

export const CODES = {
  '00000': read('Global configuration', null),
  // Setting the language is idempotent by nature (the same value twice gives the same state),
  // so it is neither cached nor asked for a requestId; see docs/api.md.
  E0001: {
    summary: 'Set the language for server messages',
    wallet: false,
    mutating: false,
    cacheable: false,
    feature: null,
  },
  '10001': {
    summary: 'Login challenge (single-use nonce)',
    wallet: false,
    mutating: false,
    cacheable: false,
    feature: 'account',
  },
  '10002': write('Login with a signed SIWE message', 'account', false),
  '10003': write('Logout', 'account'),
  '10008': read('User info', 'account', true),
  '10009': write('Bind an invitation code', 'referral'),
  '10010': read('Assets per coin and totals', 'assets', true),
  '10011': read('Finance records', 'assets', true),
  // Not in the original table: the demo faucet of the embedded start (docs/api.md).
  '10012': write('Demo faucet: 1,000 demo USDT once per wallet', 'assets'),
  '10020': read('Deposit addresses', 'deposit', true),
  '10021': read('Deposit records', 'deposit', true),
  '10022': read('Withdrawal options', 'withdraw', true),
  '10025': write('Submit a withdrawal', 'withdraw'),
  '10026': read('Withdrawal records', 'withdraw', true),
  '10027': read('Withdrawal details', 'withdraw', true),
  '10030': {
    summary: 'Flash exchange pairs and quote',
    wallet: false,
    mutating: false,
    cacheable: false,
    feature: 'exchange',
  },
  '10031': write('Execute a flash exchange', 'exchange'),
  '10034': read('Flash exchange records', 'exchange', true),
  '10035': read('Staking plans', 'staking'),
  '10036': write('Stake', 'staking'),
  '10037': read('Staking records', 'staking', true),
  '10041': write('Redeem a stake', 'staking'),
  '10050': read('Mining machine mall', 'mining'),
  '10051': read('Mining machine details', 'mining'),
  '10052': write('Rent a mining machine', 'mining'),
  '10053': read('My mining machines', 'mining', true),
  '10055': read('Mining income records', 'mining', true),
  '10056': read('Joint-venture machines', 'mining', true),
  '10058': write('Buy joint-venture shares', 'mining'),
  '10060': read('IDO list by phase', 'ido'),
  '10062': read('IDO details', 'ido'),
  '10063': write('Subscribe to an IDO', 'ido'),
  '10064': read('My IDO positions', 'ido', true),
  '100666': write('Save a push subscription', 'push', false),
  '100655': write('Delete a push subscription', 'push', false),
  '10068': read('Market list by category', 'markets'),
  '10069': read('Candles', 'markets'),
  '10071': read('Instrument quote and rules', 'markets'),
  '10073': write('Place an order', 'trading'),
  '10074': write('Modify an order or position', 'trading'),
  '10076': write('Close a position', 'trading'),
  '10079': write('Cancel a pending order', 'trading'),
  '10080': read('Pending orders and open positions', 'trading', true),
  '10081': read('Order history', 'trading', true),
  '10082': read('Order details', 'trading', true),
  '10083': read('Announcement list', 'news'),
  '10084': read('Announcement details', 'news'),
  '10085': read('Contact us', 'news'),
  '100201': read('Invitation and referral earnings', 'referral', true),
  // Not in the original table: proof of solvency (docs/solvency.md).
  '10090': read('Proof of solvency: liabilities snapshots', null),
  '10091': read('My proof of solvency: leaf, salt and path', null, true),
  // Not in the original table: statements as CSV (docs/api.md), price alerts (docs/alerts.md).
  '10095': {
    summary: 'Finance statement of a date range (CSV)',
    wallet: true,
    mutating: false,
    cacheable: false,
    feature: 'assets',
  },
  '10092': write('Set a price alert', 'markets'),
  '10093': read('My price alerts', 'markets', true),
  '10094': write('Delete a price alert', 'markets'),
} as const satisfies Record<string, CodeInfo>;

export type ApiCode = keyof typeof CODES;

export const API_CODES = Object.keys(CODES) as ApiCode[];

export function isApiCode(value: string): value is ApiCode {
  return Object.hasOwn(CODES, value);
}

export function codeInfo(code: ApiCode): CodeInfo {
  return CODES[code];
}

/** Codes whose answers the service worker may cache (read-only). */
export const CACHEABLE_CODES: readonly ApiCode[] = API_CODES.filter((c) => CODES[c].cacheable);
