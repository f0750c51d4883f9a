-- The ledger's post as one function, so an entry is one statement (one round trip, plans cached
-- per connection) instead of two statements parsed and planned on every call. It keeps post's
-- rules: precision per coin, the idempotency key, accounts created in the caller's key order,
-- locked in id order (no deadlocks), users and pools never below zero. A refusal raises, so the
-- entry and the caller's transaction roll back as a whole:
--   ML001 a user account would go below zero (message: the coin)
--   ML002 a pool account would go below zero (message: the coin)
--   ML003 an unknown coin or an amount finer than the coin's precision (message: which)
-- entry: {"t": type, "k": idempotency key, "r": reference, "m": memo or null,
--         "a": [[owner, coin, bucket, kind, delta], ...] one per account, sorted by (owner, coin, bucket),
--         "p": [[owner, coin, bucket, amount], ...] the postings in the caller's order}
CREATE OR REPLACE FUNCTION ledger_post(entry jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  new_id bigint;
  problem text;
  account record;
  seen integer := 0;
BEGIN
  SELECT CASE WHEN c.symbol IS NULL THEN format('unknown coin %s', p->>1)
              ELSE format('%s has more than %s decimals for %s', p->>3, c.precision, p->>1) END
    INTO problem
    FROM jsonb_array_elements(entry->'p') AS p
    LEFT JOIN coins c ON c.symbol = p->>1
   WHERE c.symbol IS NULL OR scale(trim_scale((p->>3)::numeric)) > c.precision
   LIMIT 1;
  IF problem IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'ML003', MESSAGE = problem;
  END IF;

  INSERT INTO journal_entries (type, idempotency_key, reference, memo)
  VALUES (entry->>'t', entry->>'k', entry->>'r', entry->>'m')
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO new_id;
  IF new_id IS NULL THEN
    SELECT id INTO new_id FROM journal_entries WHERE idempotency_key = entry->>'k';
    IF new_id IS NULL THEN
      RAISE EXCEPTION 'entry % vanished', entry->>'k';
    END IF;
    RETURN jsonb_build_object('id', new_id, 'duplicate', true);
  END IF;

  -- In one global order, so two entries creating the same accounts wait instead of deadlocking.
  INSERT INTO ledger_accounts (owner, coin, bucket, kind)
  SELECT a->>0, a->>1, a->>2, a->>3
    FROM jsonb_array_elements(entry->'a') WITH ORDINALITY AS t(a, n)
   ORDER BY n
  ON CONFLICT (owner, coin, bucket) DO NOTHING;

  FOR account IN
    SELECT l.id, l.kind, l.coin, l.balance, (a->>4)::numeric AS delta
      FROM jsonb_array_elements(entry->'a') AS a
      JOIN ledger_accounts l ON l.owner = a->>0 AND l.coin = a->>1 AND l.bucket = a->>2
     ORDER BY l.id
       FOR UPDATE OF l
  LOOP
    seen := seen + 1;
    IF account.kind <> 'clearing' AND account.balance + account.delta < 0 THEN
      RAISE EXCEPTION USING
        ERRCODE = CASE WHEN account.kind = 'user' THEN 'ML001' ELSE 'ML002' END,
        MESSAGE = account.coin;
    END IF;
    UPDATE ledger_accounts SET balance = balance + account.delta WHERE id = account.id;
  END LOOP;
  IF seen <> jsonb_array_length(entry->'a') THEN
    RAISE EXCEPTION 'entry %: accounts missing', entry->>'k';
  END IF;

  INSERT INTO postings (entry_id, account_id, coin, amount)
  SELECT new_id, l.id, p->>1, (p->>3)::numeric
    FROM jsonb_array_elements(entry->'p') WITH ORDINALITY AS t(p, n)
    JOIN ledger_accounts l ON l.owner = p->>0 AND l.coin = p->>1 AND l.bucket = p->>2
   ORDER BY n;
  RETURN jsonb_build_object('id', new_id, 'duplicate', false);
END;
$$;
