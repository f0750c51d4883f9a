-- Several entries posted in one call, with a fixed number of statements whatever their count:
-- ledger_post (migration 0020) runs about eight statements per entry (one per account it
-- changes), so a burst of 300 trading settlements was 2,400 statements inside one transaction
-- (issue #41, "Triggers"). The rules are ledger_post's, entry by entry, in the array's order:
--   - every amount checked against its coin's precision (ML003);
--   - each entry's idempotency key inserted once; an entry whose key is taken moves nothing
--     (two entries of one call with the same key are a caller's error and raise);
--   - missing accounts created in one global (owner, coin, bucket) order, byte-wise as the
--     callers sort them;
--   - every account of every posted entry locked with SELECT ... FOR UPDATE in id order, once;
--   - a user or pool account refused (ML001 / ML002, named by its coin) when its balance would go
--     below zero after any entry of the call, taken in order: the running balance, not only the
--     final one, so a call refuses exactly when posting its entries one by one would;
--   - each balance changed once by the sum of its deltas, each entry's postings inserted in order.
-- A refusal raises and rolls the whole call back with the caller's transaction.
-- entries: a JSON array of ledger_post's argument. Answers [{"id", "duplicate"}, ...] in order, or
-- null when `answer` is false (a caller that knows its entries by other means skips that read).
CREATE OR REPLACE FUNCTION ledger_post_many(entries jsonb, answer boolean DEFAULT true) RETURNS jsonb
LANGUAGE plpgsql
SET enable_hashjoin = off
SET enable_mergejoin = off
AS $$
DECLARE
  problem text;
  posted jsonb;
  ns bigint[];
  account_ids bigint[];
  deltas numeric[];
  missing integer;
  refusal record;
  result jsonb;
BEGIN
  IF jsonb_array_length(entries) = 0 THEN
    RETURN CASE WHEN answer THEN '[]'::jsonb END;
  END IF;
  IF (SELECT count(DISTINCT e->>'k') FROM jsonb_array_elements(entries) AS e)
     <> jsonb_array_length(entries) THEN
    RAISE EXCEPTION 'ledger_post_many: two entries with one idempotency key';
  END IF;

  SELECT CASE WHEN c.symbol IS NULL THEN format('unknown coin %s', p->>1)
              ELSE format('%s has more than %s decimals for %s', p->>3, c.precision, p->>1) END
    INTO problem
    FROM jsonb_array_elements(entries) AS e,
         jsonb_array_elements(e->'p') AS p
    LEFT JOIN coins c ON c.symbol = p->>1
   WHERE c.symbol IS NULL OR scale(trim_scale((p->>3)::numeric)) > c.precision
   LIMIT 1;
  IF problem IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'ML003', MESSAGE = problem;
  END IF;

  -- The keys this call inserted, with their ids; a key already taken answers nothing here, and
  -- its entry moves nothing below.
  WITH inserted AS (
    INSERT INTO journal_entries (type, idempotency_key, reference, memo)
    SELECT e->>'t', e->>'k', e->>'r', e->>'m'
      FROM jsonb_array_elements(entries) WITH ORDINALITY AS t(e, n)
     ORDER BY n
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, idempotency_key
  )
  SELECT coalesce(jsonb_object_agg(idempotency_key, id), '{}'::jsonb) INTO posted FROM inserted;

  IF posted <> '{}'::jsonb THEN
    -- Each posted entry's change per account, in entry order; then the accounts it names that do
    -- not exist yet. Usually none (a settlement's accounts exist): then no insert is tried.
    FOR attempt IN 1..2 LOOP
      SELECT array_agg(t.n ORDER BY t.n, l.id) FILTER (WHERE l.id IS NOT NULL),
             array_agg(l.id ORDER BY t.n, l.id) FILTER (WHERE l.id IS NOT NULL),
             array_agg((a->>4)::numeric ORDER BY t.n, l.id) FILTER (WHERE l.id IS NOT NULL),
             count(*) FILTER (WHERE l.id IS NULL)
        INTO ns, account_ids, deltas, missing
        FROM jsonb_array_elements(entries) WITH ORDINALITY AS t(e, n)
        CROSS JOIN LATERAL jsonb_array_elements(e->'a') AS a
        LEFT JOIN ledger_accounts l ON l.owner = a->>0 AND l.coin = a->>1 AND l.bucket = a->>2
       WHERE posted ? (e->>'k');
      EXIT WHEN missing = 0;
      IF attempt = 2 THEN
        RAISE EXCEPTION 'ledger_post_many: accounts missing';
      END IF;
      -- In one global order, so two calls (or entries) creating the same accounts wait instead of
      -- deadlocking; "C" compares bytes, as the callers' sort compares code units.
      INSERT INTO ledger_accounts (owner, coin, bucket, kind)
      SELECT DISTINCT (a->>0) COLLATE "C", (a->>1) COLLATE "C", (a->>2) COLLATE "C", a->>3
        FROM jsonb_array_elements(entries) AS e,
             jsonb_array_elements(e->'a') AS a
       WHERE posted ? (e->>'k')
       ORDER BY 1, 2, 3
      ON CONFLICT (owner, coin, bucket) DO NOTHING;
    END LOOP;

    PERFORM 1 FROM (
      SELECT l.id FROM ledger_accounts l
       WHERE l.id = ANY (account_ids)
       ORDER BY l.id
         FOR UPDATE OF l
    ) AS locked;

    -- The first entry, in order, after which a user or pool account would be below zero (read
    -- after the lock: the balances are the latest committed).
    SELECT l.kind, l.coin INTO refusal
      FROM (
        SELECT d.n, d.account_id,
               sum(d.delta) OVER (PARTITION BY d.account_id ORDER BY d.n) AS running
          FROM unnest(ns, account_ids, deltas) AS d(n, account_id, delta)
      ) AS r
      JOIN ledger_accounts l ON l.id = r.account_id
     WHERE l.kind <> 'clearing' AND l.balance + r.running < 0
     ORDER BY r.n, l.id
     LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION USING
        ERRCODE = CASE WHEN refusal.kind = 'user' THEN 'ML001' ELSE 'ML002' END,
        MESSAGE = refusal.coin;
    END IF;

    UPDATE ledger_accounts l
       SET balance = l.balance + s.delta
      FROM (
        SELECT d.account_id, sum(d.delta) AS delta
          FROM unnest(account_ids, deltas) AS d(account_id, delta)
         GROUP BY d.account_id
      ) AS s
     WHERE l.id = s.account_id;

    INSERT INTO postings (entry_id, account_id, coin, amount)
    SELECT (posted->>(e->>'k'))::bigint, l.id, p->>1, (p->>3)::numeric
      FROM jsonb_array_elements(entries) WITH ORDINALITY AS t(e, n)
      CROSS JOIN LATERAL jsonb_array_elements(e->'p') WITH ORDINALITY AS q(p, m)
      JOIN ledger_accounts l ON l.owner = p->>0 AND l.coin = p->>1 AND l.bucket = p->>2
     WHERE posted ? (e->>'k')
     ORDER BY t.n, q.m;
  END IF;

  IF NOT answer THEN
    RETURN NULL;
  END IF;
  -- Every entry's id in order: a posted one's from this call, a duplicate's from the journal.
  SELECT jsonb_agg(
           CASE WHEN posted ? (e->>'k')
                THEN jsonb_build_object('id', posted->(e->>'k'), 'duplicate', false)
                ELSE jsonb_build_object('id', j.id, 'duplicate', true) END
           ORDER BY n)
    INTO result
    FROM jsonb_array_elements(entries) WITH ORDINALITY AS t(e, n)
    LEFT JOIN journal_entries j ON NOT (posted ? (e->>'k')) AND j.idempotency_key = e->>'k';
  RETURN result;
END;
$$;
