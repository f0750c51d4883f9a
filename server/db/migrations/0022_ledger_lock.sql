-- Locks the ledger accounts named in `accounts` ([{"owner", "coin", "bucket"}, ...]) in id order,
-- as ledger_post locks an entry's, so a batch that locks first and posts after never deadlocks
-- with single entries. The trading engine closes a tick's due positions that way (lockAccountsOf
-- in server/ledger/ledger.ts). Hash and merge joins are off inside it for the reason migration
-- 0021 gives: for the 100 rows the planner guesses for jsonb_to_recordset it scanned every
-- account, where each account is one lookup in the unique (owner, coin, bucket) index.
CREATE OR REPLACE FUNCTION ledger_lock(accounts jsonb) RETURNS void
LANGUAGE plpgsql
SET enable_hashjoin = off
SET enable_mergejoin = off
AS $$
BEGIN
  PERFORM 1 FROM (
    SELECT l.id
      FROM ledger_accounts l
      JOIN jsonb_to_recordset(accounts) AS k(owner text, coin text, bucket text)
        ON l.owner = k.owner AND l.coin = k.coin AND l.bucket = k.bucket
     ORDER BY l.id
       FOR UPDATE OF l
  ) AS locked;
END;
$$;
