DROP INDEX "postings_account";--> statement-breakpoint
CREATE INDEX "postings_account" ON "postings" USING btree ("account_id","id");