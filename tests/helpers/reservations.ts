/**
 * The reservation invariant (issue #36): per user and coin, what the ledger holds frozen or staked
 * equals what that user's open reservations say it should, read in one statement (one snapshot),
 * so it holds between any two committed operations:
 * - frozen USDT: every pending order's margin and commission, every open position's margin;
 * - frozen in a coin: every withdrawal not yet sent or returned (submitted, reviewed, processing,
 *   failed), its whole amount with the fee;
 * - frozen USDT: every IDO subscription not yet allocated;
 * - staked in a coin: every stake still staked.
 * And the platform's side, the promises it made (owner `system`):
 * - staking_reserved in a coin: the interest of every stake still staked;
 * - mining_reserved in a coin: what every active holding has left in reserve.
 * Answers the mismatches, none when the books agree.
 */
export const RESERVATIONS_SQL = `
with expected(owner, coin, bucket, amount) as (
  select "user", 'USDT', 'frozen', case when status = 'pending' then margin + commission else margin end
    from orders where status in ('pending', 'open')
  union all
  select "user", coin, 'frozen', amount
    from withdrawals where status in ('submitted', 'reviewed', 'processing', 'failed')
  union all
  select "user", 'USDT', 'frozen', frozen from ido_subscriptions where won is null
  union all
  select "user", coin, 'staked', amount from stakes where status = 'staked'
  union all
  select 'system', coin, 'staking_reserved', interest from stakes where status = 'staked'
  union all
  select 'system', coin, 'mining_reserved', reserve_left from mining_holdings where status = 'active'
), want as (
  select owner, coin, bucket, sum(amount) as amount from expected group by owner, coin, bucket
), held as (
  select owner, coin, bucket, balance from ledger_accounts
   where (kind = 'user' and bucket in ('frozen', 'staked'))
      or (owner = 'system' and bucket in ('staking_reserved', 'mining_reserved'))
)
select coalesce(w.owner, h.owner) as owner, coalesce(w.coin, h.coin) as coin,
       coalesce(w.bucket, h.bucket) as bucket,
       coalesce(w.amount, 0)::text as reserved, coalesce(h.balance, 0)::text as held
  from want w full join held h on h.owner = w.owner and h.coin = w.coin and h.bucket = w.bucket
 where coalesce(w.amount, 0) <> coalesce(h.balance, 0)
 order by 1, 2, 3`;

export interface ReservationMismatch {
  owner: string;
  coin: string;
  bucket: string;
  reserved: string;
  held: string;
}

/** The mismatches, through whatever runs a query on the database (a pg client, PGlite, drizzle). */
export async function reservationMismatches(
  query: (text: string) => Promise<{ rows: unknown[] }>,
): Promise<ReservationMismatch[]> {
  return (await query(RESERVATIONS_SQL)).rows as ReservationMismatch[];
}
