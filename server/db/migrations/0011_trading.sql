CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"kind" text NOT NULL,
	"lots" numeric(38, 18) NOT NULL,
	"price" numeric(38, 18),
	"stop_loss" numeric(38, 18),
	"take_profit" numeric(38, 18),
	"status" text NOT NULL,
	"contract_size" numeric(38, 18) NOT NULL,
	"leverage" integer NOT NULL,
	"quote_currency" text NOT NULL,
	"margin" numeric(38, 18) NOT NULL,
	"commission" numeric(38, 18) NOT NULL,
	"open_price" numeric(38, 18),
	"close_price" numeric(38, 18),
	"profit" numeric(38, 18),
	"close_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"filled_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trading_rules" (
	"symbol" text PRIMARY KEY NOT NULL,
	"contract_size" numeric(38, 18) NOT NULL,
	"lot_step" numeric(38, 18) NOT NULL,
	"min_lots" numeric(38, 18) NOT NULL,
	"max_lots" numeric(38, 18) NOT NULL,
	"leverage" integer NOT NULL,
	"commission_per_lot" numeric(38, 18) NOT NULL,
	"quote_currency" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trading_rules" ADD CONSTRAINT "trading_rules_symbol_instruments_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."instruments"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_user_status" ON "orders" USING btree ("user","status");--> statement-breakpoint
CREATE INDEX "orders_active" ON "orders" USING btree ("status","symbol");