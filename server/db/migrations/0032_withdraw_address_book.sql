CREATE TABLE "withdraw_address_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user" text NOT NULL,
	"address_id" bigint NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdraw_addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user" text NOT NULL,
	"coin" text NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"usable_from" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "withdraw_address_events_user" ON "withdraw_address_events" USING btree ("user");--> statement-breakpoint
CREATE INDEX "withdraw_addresses_user" ON "withdraw_addresses" USING btree ("user");