CREATE TABLE "mining_holdings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user" text NOT NULL,
	"product_id" bigint NOT NULL,
	"coin" text NOT NULL,
	"joint" boolean NOT NULL,
	"units" integer NOT NULL,
	"of" integer NOT NULL,
	"hashrate" numeric(38, 18) NOT NULL,
	"boost" numeric(10, 4) NOT NULL,
	"cycle_days" integer NOT NULL,
	"paid" numeric(38, 18) NOT NULL,
	"service_fee" numeric(38, 18) NOT NULL,
	"reserved" numeric(38, 18) NOT NULL,
	"reserve_left" numeric(38, 18) NOT NULL,
	"earned" numeric(38, 18) DEFAULT '0' NOT NULL,
	"days_paid" integer DEFAULT 0 NOT NULL,
	"first_day" date NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mining_income" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"holding_id" bigint NOT NULL,
	"user" text NOT NULL,
	"coin" text NOT NULL,
	"day" date NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mining_income_holding_day" UNIQUE("holding_id","day")
);
--> statement-breakpoint
CREATE TABLE "mining_outputs" (
	"product_id" bigint NOT NULL,
	"day" date NOT NULL,
	"per_unit" numeric(38, 18) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mining_outputs_product_id_day_pk" PRIMARY KEY("product_id","day")
);
--> statement-breakpoint
CREATE TABLE "mining_products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"algorithm" text NOT NULL,
	"coin" text NOT NULL,
	"hashrate" numeric(24, 6) NOT NULL,
	"power" numeric(12, 2) NOT NULL,
	"size" text NOT NULL,
	"weight" numeric(10, 2) NOT NULL,
	"chip" text NOT NULL,
	"environment" text NOT NULL,
	"cycle_days" integer NOT NULL,
	"rent" numeric(38, 18) NOT NULL,
	"service_fee" numeric(38, 18) NOT NULL,
	"min_purchase" integer NOT NULL,
	"shares" integer NOT NULL,
	"joint" boolean DEFAULT false NOT NULL,
	"boost" numeric(10, 4) DEFAULT '0' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mining_products_key_unique" UNIQUE("key"),
	CONSTRAINT "mining_products_positive" CHECK ("mining_products"."shares" > 0 and "mining_products"."min_purchase" > 0)
);
--> statement-breakpoint
CREATE TABLE "mining_yields" (
	"coin" text PRIMARY KEY NOT NULL,
	"per_th" numeric(38, 18) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mining_holdings" ADD CONSTRAINT "mining_holdings_product_id_mining_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."mining_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mining_income" ADD CONSTRAINT "mining_income_holding_id_mining_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."mining_holdings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mining_outputs" ADD CONSTRAINT "mining_outputs_product_id_mining_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."mining_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mining_products" ADD CONSTRAINT "mining_products_coin_coins_symbol_fk" FOREIGN KEY ("coin") REFERENCES "public"."coins"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mining_yields" ADD CONSTRAINT "mining_yields_coin_coins_symbol_fk" FOREIGN KEY ("coin") REFERENCES "public"."coins"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mining_holdings_user" ON "mining_holdings" USING btree ("user");--> statement-breakpoint
CREATE INDEX "mining_holdings_active" ON "mining_holdings" USING btree ("status","first_day");--> statement-breakpoint
CREATE INDEX "mining_holdings_product_status" ON "mining_holdings" USING btree ("product_id","status");--> statement-breakpoint
CREATE INDEX "mining_income_user" ON "mining_income" USING btree ("user");