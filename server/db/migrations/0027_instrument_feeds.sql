CREATE TABLE "instrument_feeds" (
	"symbol" text PRIMARY KEY NOT NULL,
	"feed" text NOT NULL,
	"markup" numeric(38, 18) NOT NULL,
	"stale_ms" integer NOT NULL,
	"max_jump_percent" numeric(38, 18) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instrument_feeds" ADD CONSTRAINT "instrument_feeds_symbol_instruments_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."instruments"("symbol") ON DELETE no action ON UPDATE no action;