ALTER TABLE "ido_offerings" ADD COLUMN "allocation_total" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "ido_offerings" ADD COLUMN "allocated_through" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ido_offerings" ADD COLUMN "released_through" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "ido_subscriptions_offering_id" ON "ido_subscriptions" USING btree ("offering_id","id");