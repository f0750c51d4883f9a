CREATE TABLE "ledger_audit_checkpoint" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"through" bigint NOT NULL,
	"coin_totals" jsonb NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_audit_checkpoint_one" CHECK ("ledger_audit_checkpoint"."one")
);
--> statement-breakpoint
CREATE TABLE "ledger_audit_sums" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"total" numeric(38, 18) NOT NULL
);
