CREATE TABLE "price_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"symbol" text NOT NULL,
	"direction" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fired_at" timestamp with time zone,
	"fired_price" numeric(38, 18),
	"notified_at" timestamp with time zone,
	"notify_attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "price_alerts_price_positive" CHECK ("price_alerts"."price" > 0)
);
--> statement-breakpoint
CREATE INDEX "price_alerts_owner" ON "price_alerts" USING btree ("owner","id");--> statement-breakpoint
CREATE INDEX "price_alerts_active" ON "price_alerts" USING btree ("symbol") WHERE "price_alerts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "price_alerts_unnotified" ON "price_alerts" USING btree ("id") WHERE "price_alerts"."status" = 'fired' and "price_alerts"."notified_at" is null;