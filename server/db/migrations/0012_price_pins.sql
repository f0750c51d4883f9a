CREATE TABLE "price_pins" (
	"symbol" text PRIMARY KEY NOT NULL,
	"bid" numeric(38, 18) NOT NULL,
	"ask" numeric(38, 18) NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_pins" ADD CONSTRAINT "price_pins_symbol_instruments_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."instruments"("symbol") ON DELETE no action ON UPDATE no action;