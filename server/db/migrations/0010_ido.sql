CREATE TABLE "ido_offerings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"name" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"offering" numeric(38, 18) NOT NULL,
	"share_size" numeric(38, 18) NOT NULL,
	"min_shares" integer NOT NULL,
	"max_shares" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"description" text NOT NULL,
	"phase" text NOT NULL,
	"winning_rate" numeric(10, 2),
	"issued" numeric(38, 18),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ido_offerings_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "ido_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offering_id" bigint NOT NULL,
	"user" text NOT NULL,
	"shares" integer NOT NULL,
	"asked" numeric(38, 18) NOT NULL,
	"frozen" numeric(38, 18) NOT NULL,
	"won" numeric(38, 18),
	"consumed" numeric(38, 18),
	"refund" numeric(38, 18),
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ido_subscriptions_offering_user" UNIQUE("offering_id","user")
);
--> statement-breakpoint
ALTER TABLE "ido_offerings" ADD CONSTRAINT "ido_offerings_token_coins_symbol_fk" FOREIGN KEY ("token") REFERENCES "public"."coins"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ido_subscriptions" ADD CONSTRAINT "ido_subscriptions_offering_id_ido_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."ido_offerings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ido_offerings_phase" ON "ido_offerings" USING btree ("phase");--> statement-breakpoint
CREATE INDEX "ido_subscriptions_user" ON "ido_subscriptions" USING btree ("user");