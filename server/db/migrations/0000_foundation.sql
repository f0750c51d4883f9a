CREATE TABLE "admin_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"command" text NOT NULL,
	"args" jsonb NOT NULL,
	"reason" text,
	"outcome" text NOT NULL,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "chains" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"family" text NOT NULL,
	"evm_chain_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coin_chains" (
	"coin" text NOT NULL,
	"chain" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "coin_chains_coin_chain_pk" PRIMARY KEY("coin","chain")
);
--> statement-breakpoint
CREATE TABLE "coins" (
	"symbol" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"precision" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"request_id" text NOT NULL,
	"code" text NOT NULL,
	"fingerprint" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_request_id_pk" PRIMARY KEY("scope","request_id")
);
--> statement-breakpoint
ALTER TABLE "coin_chains" ADD CONSTRAINT "coin_chains_coin_coins_symbol_fk" FOREIGN KEY ("coin") REFERENCES "public"."coins"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_chains" ADD CONSTRAINT "coin_chains_chain_chains_id_fk" FOREIGN KEY ("chain") REFERENCES "public"."chains"("id") ON DELETE no action ON UPDATE no action;