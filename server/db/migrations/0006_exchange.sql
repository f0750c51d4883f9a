CREATE TABLE "exchange_pairs" (
	"from_coin" text NOT NULL,
	"to_coin" text NOT NULL,
	"market" text NOT NULL,
	"spread_percent" numeric(38, 18) NOT NULL,
	"fee_percent" numeric(38, 18) NOT NULL,
	"min" numeric(38, 18) NOT NULL,
	"max" numeric(38, 18) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "exchange_pairs_from_coin_to_coin_pk" PRIMARY KEY("from_coin","to_coin")
);
--> statement-breakpoint
CREATE TABLE "exchange_quotes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"from_coin" text NOT NULL,
	"to_coin" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"base_coin" text NOT NULL,
	"quote_coin" text NOT NULL,
	"fee_percent" numeric(38, 18) NOT NULL,
	"wallet" text,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "exchanges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user" text NOT NULL,
	"from_coin" text NOT NULL,
	"to_coin" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"base_coin" text NOT NULL,
	"quote_coin" text NOT NULL,
	"gross" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"receive" numeric(38, 18) NOT NULL,
	"quote_id" uuid NOT NULL,
	"entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchanges_quote_id_unique" UNIQUE("quote_id")
);
--> statement-breakpoint
CREATE INDEX "exchange_quotes_expires" ON "exchange_quotes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "exchanges_user" ON "exchanges" USING btree ("user");