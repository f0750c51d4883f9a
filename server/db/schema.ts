/** Every table, for drizzle-kit's migration generator and the typed query builder. */
export * from '../admin/audit.schema.ts';
export * from '../http/rate-limit.schema.ts';
export * from '../ledger/ledger.schema.ts';
export * from '../modules/account/account.schema.ts';
export * from '../modules/config/config.schema.ts';
export * from '../modules/deposit/deposit.schema.ts';
export * from '../modules/exchange/exchange.schema.ts';
export * from '../modules/idempotency/idempotency.schema.ts';
export * from '../modules/ido/ido.schema.ts';
export * from '../modules/markets/markets.schema.ts';
export * from '../modules/mining/mining.schema.ts';
export * from '../modules/news/news.schema.ts';
export * from '../modules/push/push.schema.ts';
export * from '../modules/referral/referral.schema.ts';
export * from '../modules/staking/staking.schema.ts';
export * from '../modules/trading/trading.schema.ts';
export * from '../modules/withdraw/withdraw.schema.ts';
