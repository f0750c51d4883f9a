CREATE TABLE "chain_cursors" (
	"chain" text PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposits" DROP CONSTRAINT "deposits_chain_txid";--> statement-breakpoint
ALTER TABLE "chains" ADD COLUMN "confirmations" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "coin_chains" ADD COLUMN "contract" text;--> statement-breakpoint
ALTER TABLE "coin_chains" ADD COLUMN "decimals" integer;--> statement-breakpoint
ALTER TABLE "coin_chains" ADD COLUMN "native" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "log_index" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "block_number" bigint;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "block_hash" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "confirmations" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "deposits_open" ON "deposits" USING btree ("chain","status");--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_chain_txid_log" UNIQUE("chain","txid","log_index");