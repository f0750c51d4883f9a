CREATE TABLE "withdrawal_terms" (
	"nonce" text PRIMARY KEY NOT NULL,
	"user" text NOT NULL,
	"coin" text NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "terms_nonce" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "signature" text;--> statement-breakpoint
CREATE INDEX "withdrawal_terms_user" ON "withdrawal_terms" USING btree ("user");