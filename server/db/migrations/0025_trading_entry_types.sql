-- Issue #37: the trading feature carries one name. Its ledger entry types were forex_* (from the
-- days when only forex traded); every existing entry is renamed in place. Amounts, postings,
-- references and keys are untouched, so the books and their audit read the same.
UPDATE "journal_entries" SET "type" = 'trading_' || substring("type" from 7)
WHERE "type" IN ('forex_placement', 'forex_settlement', 'forex_cancellation', 'forex_margin_change');
