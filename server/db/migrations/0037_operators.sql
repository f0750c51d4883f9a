CREATE TABLE "approvals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"command" text NOT NULL,
	"argv" jsonb NOT NULL,
	"reason" text NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
CREATE TABLE "operator_challenges" (
	"nonce" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"chain_id" integer NOT NULL,
	"message" text NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"secret_hash" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"created_at" bigint NOT NULL,
	"last_seen_at" bigint NOT NULL,
	"revoked_at" bigint
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"address" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"added_by" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "approvals_status" ON "approvals" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "operator_sessions_address" ON "operator_sessions" USING btree ("address");