CREATE TABLE "stakes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user" text NOT NULL,
	"plan_id" bigint NOT NULL,
	"coin" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"days" integer NOT NULL,
	"apr" numeric(10, 4) NOT NULL,
	"interest" numeric(38, 18) NOT NULL,
	"early_redemption" boolean NOT NULL,
	"status" text NOT NULL,
	"earned" numeric(38, 18),
	"early" boolean DEFAULT false NOT NULL,
	"staked_at" timestamp with time zone NOT NULL,
	"matures_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staking_plans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"coin" text NOT NULL,
	"days" integer NOT NULL,
	"apr" numeric(10, 4) NOT NULL,
	"min" numeric(38, 18) NOT NULL,
	"max" numeric(38, 18) NOT NULL,
	"quota" numeric(38, 18) NOT NULL,
	"early_redemption" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staking_plans_coin_days" UNIQUE("coin","days")
);
--> statement-breakpoint
ALTER TABLE "stakes" ADD CONSTRAINT "stakes_plan_id_staking_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."staking_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staking_plans" ADD CONSTRAINT "staking_plans_coin_coins_symbol_fk" FOREIGN KEY ("coin") REFERENCES "public"."coins"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stakes_user" ON "stakes" USING btree ("user");--> statement-breakpoint
CREATE INDEX "stakes_due" ON "stakes" USING btree ("status","matures_at");--> statement-breakpoint
CREATE INDEX "stakes_plan_status" ON "stakes" USING btree ("plan_id","status");