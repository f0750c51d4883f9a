CREATE TABLE "withdraw_sender_pauses" (
	"chain" text NOT NULL,
	"coin" text NOT NULL,
	"reason" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "withdraw_sender_pauses_chain_coin_pk" PRIMARY KEY("chain","coin")
);
--> statement-breakpoint
CREATE TABLE "withdrawal_approvals" (
	"withdrawal_id" bigint NOT NULL,
	"operator" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "withdrawal_approvals_withdrawal_id_operator_pk" PRIMARY KEY("withdrawal_id","operator")
);
--> statement-breakpoint
CREATE TABLE "withdrawal_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"withdrawal_id" bigint NOT NULL,
	"chain" text NOT NULL,
	"sender" text NOT NULL,
	"nonce" integer NOT NULL,
	"attempt" integer NOT NULL,
	"raw_tx" text NOT NULL,
	"tx_hash" text NOT NULL,
	"max_fee_per_gas" text NOT NULL,
	"max_priority_fee_per_gas" text NOT NULL,
	"gas_reserve" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"broadcast_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "withdraw_rules" ADD COLUMN "auto_limit" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "withdraw_rules" ADD COLUMN "dual_limit" numeric(38, 18);--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_sends_nonce" ON "withdrawal_sends" USING btree ("chain","sender","nonce","attempt");--> statement-breakpoint
CREATE INDEX "withdrawal_sends_withdrawal" ON "withdrawal_sends" USING btree ("withdrawal_id");