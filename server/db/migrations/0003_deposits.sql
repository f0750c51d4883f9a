CREATE TABLE "deposit_addresses" (
	"user" text NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	CONSTRAINT "deposit_addresses_user_chain_pk" PRIMARY KEY("user","chain"),
	CONSTRAINT "deposit_addresses_chain_address" UNIQUE("chain","address")
);
--> statement-breakpoint
CREATE TABLE "deposit_indexes" (
	"address" text PRIMARY KEY NOT NULL,
	"index" bigserial NOT NULL,
	CONSTRAINT "deposit_indexes_index_unique" UNIQUE("index")
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user" text NOT NULL,
	"coin" text NOT NULL,
	"chain" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"txid" text NOT NULL,
	"status" text NOT NULL,
	"entry_id" bigint,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credited_at" timestamp with time zone,
	CONSTRAINT "deposits_chain_txid" UNIQUE("chain","txid")
);
--> statement-breakpoint
CREATE INDEX "deposits_user" ON "deposits" USING btree ("user");