ALTER TABLE "solvency_snapshots" ADD COLUMN "journal_through" bigint;--> statement-breakpoint
ALTER TABLE "solvency_snapshots" ADD COLUMN "journal_totals" jsonb;--> statement-breakpoint
-- The journal is append-only: a posting is never changed or removed (a correction is a new entry).
-- The solvency snapshot's checkpoint (journal_through, journal_totals) relies on it, as any sum
-- kept of the journal would. Statement-level, so inserts pay nothing.
CREATE FUNCTION postings_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'postings are append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON postings
  FOR EACH STATEMENT EXECUTE FUNCTION postings_append_only();
