CREATE TABLE "push_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user" text NOT NULL,
	"kind" text NOT NULL,
	"title_key" text NOT NULL,
	"body_key" text NOT NULL,
	"params" jsonb NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "confirmations" integer;--> statement-breakpoint
CREATE INDEX "push_outbox_pending" ON "push_outbox" USING btree ("id") WHERE "push_outbox"."sent_at" is null;