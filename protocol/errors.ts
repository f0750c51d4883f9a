/**
 * The error catalogue. Every error the server can answer with has a stable code (sent as
 * `respCode`), a stable machine name, the HTTP status it travels with, and a translation key
 * (`errors.<name>`) that every bundle in `locales/` carries. Codes never change meaning once
 * published; new errors take new codes.
 *
 * Families: E1xxx request and protocol errors, E2xxx money and business rules (later issues),
 * E3xxx wallet login and account, E4xxx the operator's console, `500` the ended session (docs/spec/design.md section 4).
 */
export interface ErrorInfo {
  readonly code: string;
  readonly http: number;
}

export const ERRORS = {
  internal_error: { code: 'E1000', http: 503 },
  unknown_code: { code: 'E1001', http: 404 },
  csrf_header_missing: { code: 'E1002', http: 403 },
  unsupported_content_type: { code: 'E1003', http: 415 },
  body_too_large: { code: 'E1004', http: 413 },
  malformed_body: { code: 'E1005', http: 400 },
  field_required: { code: 'E1006', http: 400 },
  field_invalid: { code: 'E1007', http: 400 },
  field_too_long: { code: 'E1008', http: 400 },
  too_many_requests: { code: 'E1009', http: 429 },
  request_id_required: { code: 'E1010', http: 400 },
  request_id_reused: { code: 'E1011', http: 409 },
  not_open_yet: { code: 'E1012', http: 200 },
  unsupported_language: { code: 'E1013', http: 400 },
  method_not_allowed: { code: 'E1014', http: 405 },
  not_found: { code: 'E1015', http: 404 },
  session_ended: { code: '500', http: 401 },
  // E2xxx: money.
  insufficient_balance: { code: 'E2001', http: 200 },
  pool_exhausted: { code: 'E2002', http: 200 },
  amount_out_of_range: { code: 'E2003', http: 400 },
  address_invalid: { code: 'E2004', http: 400 },
  withdrawal_unavailable: { code: 'E2005', http: 400 },
  faucet_used: { code: 'E2006', http: 200 },
  // E2010-E2013: the wallet's signature on a withdrawal (10023 terms, 10025 submit).
  withdrawal_signature_invalid: { code: 'E2010', http: 200 },
  withdrawal_terms_expired: { code: 'E2011', http: 200 },
  withdrawal_terms_used: { code: 'E2012', http: 200 },
  withdrawal_terms_changed: { code: 'E2013', http: 200 },
  // E2014-E2018: the address book (10024, 10028, 10029) and the daily limits.
  withdrawal_address_not_saved: { code: 'E2014', http: 200 },
  withdrawal_address_cooling: { code: 'E2015', http: 200 },
  withdrawal_daily_limit: { code: 'E2016', http: 200 },
  address_book_duplicate: { code: 'E2017', http: 200 },
  address_book_full: { code: 'E2018', http: 200 },
  // E203x: flash exchange (10030/10031), numbered after its codes.
  quote_expired: { code: 'E2030', http: 200 },
  exchange_pair_unavailable: { code: 'E2031', http: 200 },
  exchange_inventory_insufficient: { code: 'E2032', http: 200 },
  // E2035-E2041: staking (10035-10041), numbered after its codes.
  plan_sold_out: { code: 'E2035', http: 200 },
  stake_limit_exceeded: { code: 'E2036', http: 200 },
  stake_not_redeemable: { code: 'E2041', http: 200 },
  // E2050-E2058: cloud mining (10050-10058), numbered after its codes.
  machine_sold_out: { code: 'E2050', http: 200 },
  purchase_below_minimum: { code: 'E2051', http: 200 },
  purchase_above_available: { code: 'E2052', http: 200 },
  machine_joint_only: { code: 'E2053', http: 200 },
  machine_not_joint: { code: 'E2054', http: 200 },
  // E2060-E2064: IDO (10060-10064), numbered after its codes.
  ido_share_limit: { code: 'E2063', http: 200 },
  ido_below_minimum: { code: 'E2064', http: 200 },
  // E2070-E2082: trading (10073-10082), numbered after its codes.
  trading_not_open: { code: 'E2070', http: 200 },
  lots_invalid: { code: 'E2071', http: 200 },
  pending_price_wrong_side: { code: 'E2072', http: 200 },
  stop_loss_wrong_side: { code: 'E2073', http: 200 },
  take_profit_wrong_side: { code: 'E2074', http: 200 },
  pending_price_required: { code: 'E2075', http: 200 },
  order_not_modifiable: { code: 'E2076', http: 200 },
  // E2092-E2094: price alerts (10092-10094).
  alert_already_reached: { code: 'E2092', http: 200 },
  alert_limit_reached: { code: 'E2093', http: 200 },
  alert_not_found: { code: 'E2094', http: 200 },
  // E2095: statements (10095).
  statement_range_invalid: { code: 'E2095', http: 400 },
  // E3xxx: wallet login and account.
  login_challenge_invalid: { code: 'E3001', http: 400 },
  login_challenge_used: { code: 'E3002', http: 409 },
  login_challenge_expired: { code: 'E3003', http: 400 },
  login_signature_invalid: { code: 'E3004', http: 400 },
  login_origin_not_configured: { code: 'E3005', http: 400 },
  // E3010-E3013: binding an invitation code (10009).
  invite_code_unknown: { code: 'E3010', http: 200 },
  invite_self: { code: 'E3011', http: 200 },
  invite_already_bound: { code: 'E3012', http: 200 },
  invite_cycle: { code: 'E3013', http: 200 },
  // E4xxx: the operator's console (/adc/ops/*, docs/operations.md).
  ops_not_operator: { code: 'E4001', http: 403 },
  ops_role_forbidden: { code: 'E4002', http: 403 },
  ops_reason_required: { code: 'E4003', http: 400 },
  ops_user_not_found: { code: 'E4004', http: 404 },
  approval_not_found: { code: 'E4010', http: 404 },
  approval_own_request: { code: 'E4011', http: 409 },
  approval_expired: { code: 'E4012', http: 409 },
  approval_decided: { code: 'E4013', http: 409 },
} as const satisfies Record<string, ErrorInfo>;

export type ErrorName = keyof typeof ERRORS;

/** Parameters interpolated into a translated message, e.g. `{ field: 'amount' }`. */
export type ErrorParams = Record<string, string | number>;

export function errorKey(name: ErrorName): `errors.${ErrorName}` {
  return `errors.${name}`;
}

const byCode = new Map<string, ErrorName>(
  (Object.keys(ERRORS) as ErrorName[]).map((name) => [ERRORS[name].code, name]),
);

export function errorNameForCode(code: string): ErrorName | undefined {
  return byCode.get(code);
}

/**
 * Messages the client shows on its own (docs/spec/product.md section 8): wallet, clipboard and network
 * failures that never come from the server. Their keys live under `messages.` in every bundle.
 */
export const CLIENT_MESSAGES = [
  'service_request_failed',
  'connect_wallet_first',
  'wallet_signature_failed',
  'contract_authorization_failed',
  'contract_authorization_in_progress',
  'contract_request_in_progress',
  'contract_transaction_failed',
  'insufficient_eth_balance',
  'insufficient_coin_balance',
  'wallet_account_switched',
  'connection_timed_out',
  'wallet_account_unavailable',
  'copy_success',
  'copy_failed',
  'no_data',
  'insufficient_available_balance',
  'exchange_maximum_exceeded',
  'exchange_below_minimum',
  'trading_not_open',
  'not_open_yet',
  'offline_nothing_sent',
] as const;

export type ClientMessage = (typeof CLIENT_MESSAGES)[number];
