-- Issue #37: price alerts and the proof of solvency get switches of their own. Alerts were switched
-- with markets, so they start as markets is; the proof of solvency was always open, so it starts on.
-- A deployment that never stored its switches keeps every feature off, as before.
UPDATE "settings"
SET "value" = "value"
  || jsonb_build_object('alerts', coalesce("value" -> 'markets', 'false'::jsonb))
  || jsonb_build_object('solvency', 'true'::jsonb),
  "updated_at" = now()
WHERE "key" = 'features' AND jsonb_typeof("value") = 'object';
