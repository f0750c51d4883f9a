ALTER TABLE "solvency_leaves" DROP CONSTRAINT "solvency_leaves_wallet";--> statement-breakpoint
DROP INDEX "solvency_leaves_position";--> statement-breakpoint
ALTER TABLE "solvency_leaves" ALTER COLUMN "wallet" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "solvency_leaves_owner" ON "solvency_leaves" USING btree ("snapshot_id","wallet");--> statement-breakpoint
CREATE UNIQUE INDEX "solvency_leaves_position" ON "solvency_leaves" USING btree ("snapshot_id","position");