CREATE TABLE "withdraw_rules" (
	"coin" text NOT NULL,
	"chain" text NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"min" numeric(38, 18) NOT NULL,
	"max" numeric(38, 18) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "withdraw_rules_coin_chain_pk" PRIMARY KEY("coin","chain")
);
--> statement-breakpoint
CREATE TABLE "withdrawal_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"withdrawal_id" bigint NOT NULL,
	"status" text NOT NULL,
	"actor" text NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user" text NOT NULL,
	"coin" text NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"arrival" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"txid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "withdrawal_events_withdrawal" ON "withdrawal_events" USING btree ("withdrawal_id");--> statement-breakpoint
CREATE INDEX "withdrawals_user" ON "withdrawals" USING btree ("user");--> statement-breakpoint
CREATE INDEX "withdrawals_status" ON "withdrawals" USING btree ("status");