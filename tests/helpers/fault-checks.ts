/**
 * What must hold after every kill of tests/integration/fault-points.test.ts, per domain: each query
 * answers the rows that break it (none expected). Half applied is a row whose status disagrees with
 * its journal entries; applied twice is a second entry for one step. The trading positions' rules
 * are in tests/helpers/fault-ladder.ts.
 */

/**
 * Stakes whose status disagrees with their maturity entries (principal, then interest), that were
 * paid twice, or whose payment is not principal plus interest.
 */
export const STAKE_PROBLEMS = `
select * from (
  select s.id, s.status, s.amount, s.interest, s.earned,
    (select count(*)::int from journal_entries j where j.idempotency_key = 'stake:' || s.id || ':principal') as principal,
    (select count(*)::int from journal_entries j where j.idempotency_key = 'stake:' || s.id || ':interest') as interest_paid,
    (select count(*)::int from journal_entries j
      where j.reference = 'stake:' || s.id and j.type in ('staking_redemption', 'staking_interest')) as entries,
    (select coalesce(sum(p.amount), 0) from journal_entries j
       join postings p on p.entry_id = j.id join ledger_accounts a on a.id = p.account_id
      where j.reference = 'stake:' || s.id and j.type in ('staking_redemption', 'staking_interest')
        and a.owner = s."user" and a.bucket = 'available') as paid
  from stakes s
) t
where not ((status = 'redeemed') = (principal = 1)
  and (status = 'redeemed' and interest > 0) = (interest_paid = 1)
  and entries = principal + interest_paid
  and case when status = 'redeemed' then earned = interest and paid = amount + interest
           else status = 'staked' and earned is null and paid = 0 end)`;

/**
 * Holdings whose day counter, income rows and daily entries disagree (a day paid without its
 * record, or twice), or whose earnings are not the sum of their days.
 */
export const HOLDING_PROBLEMS = `
select * from (
  select h.id, h.days_paid,
    (select count(*)::int from mining_income i where i.holding_id = h.id) as income_days,
    (select count(*)::int from journal_entries j
      where j.reference = 'mining:' || h.id and j.type = 'mining_earnings') as entries,
    (select count(*)::int from mining_income i join journal_entries j
        on j.idempotency_key = 'mining:' || i.holding_id || ':day:' || to_char(i.day, 'YYYY-MM-DD')
      where i.holding_id = h.id) as matched,
    h.earned = (select coalesce(sum(i.amount), 0) from mining_income i where i.holding_id = h.id) as earned_right
  from mining_holdings h
) t
where not (days_paid = income_days and income_days = entries and entries = matched and earned_right)`;

/**
 * Subscriptions allocated without their entry or the reverse, an offering ended with some of its
 * subscriptions left (or ongoing with one allocated past its chunks' cursor, or one before it left),
 * an allocation that does not add up to what was frozen, or a refund not paid back as recorded.
 */
export const SUBSCRIPTION_PROBLEMS = `
select * from (
  select s.id, o.token, o.phase, o.allocated_through, s.won, s.consumed, s.refund, s.frozen,
    (select count(*)::int from journal_entries j where j.idempotency_key = 'ido:sub:' || s.id || ':allocate') as entries,
    (select coalesce(sum(p.amount), 0) from journal_entries j
       join postings p on p.entry_id = j.id join ledger_accounts a on a.id = p.account_id
      where j.idempotency_key = 'ido:sub:' || s.id || ':allocate'
        and a.owner = s."user" and a.bucket = 'available') as paid_back
  from ido_subscriptions s join ido_offerings o on o.id = s.offering_id
) t
where not ((won is not null) = (entries = 1)
  and (won is null) = (phase = 'ongoing' and id > allocated_through)
  and (won is null or (consumed + refund = frozen and paid_back = refund)))`;
