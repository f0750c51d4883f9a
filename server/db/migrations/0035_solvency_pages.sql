CREATE TABLE "solvency_leaf_sets" (
	"snapshot_id" bigint NOT NULL,
	"wallet" text,
	"positions" integer[] NOT NULL,
	"salts" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solvency_node_pages" (
	"snapshot_id" bigint NOT NULL,
	"level" integer NOT NULL,
	"page" integer NOT NULL,
	"nodes" text NOT NULL,
	CONSTRAINT "solvency_node_pages_snapshot_id_level_page_pk" PRIMARY KEY("snapshot_id","level","page")
);
--> statement-breakpoint
-- Pages are hex and decimals: compressing them saves little and cost more than the insert.
ALTER TABLE "solvency_node_pages" ALTER COLUMN "nodes" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "solvency_snapshots" ADD COLUMN "height" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "solvency_snapshots" ADD COLUMN "complete" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "solvency_leaf_sets" ADD CONSTRAINT "solvency_leaf_sets_snapshot_id_solvency_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."solvency_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solvency_node_pages" ADD CONSTRAINT "solvency_node_pages_snapshot_id_solvency_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."solvency_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "solvency_leaf_sets_wallet" ON "solvency_leaf_sets" USING btree ("snapshot_id","wallet");--> statement-breakpoint
-- The snapshots stored so far keep their proofs, in the new form (server/modules/solvency/solvency.store.ts).
-- Each was written whole in one transaction: complete. Its height is its root's level.
UPDATE "solvency_snapshots" s SET "complete" = true,
  "height" = coalesce((SELECT max(n."level") FROM "solvency_nodes" n WHERE n."snapshot_id" = s."id"), 0);--> statement-breakpoint
-- Every sixth level (0, 6, 12, ...) in pages of 64 consecutive positions (PAGE_BITS = 6), each node
-- `hash,sum,...` and the nodes joined by ';' in position order; every position of a level was
-- stored, so page p holds positions 64p to 64p + 63. The levels between are derived when read.
INSERT INTO "solvency_node_pages" ("snapshot_id", "level", "page", "nodes")
SELECT n."snapshot_id", n."level", n."position" / 64,
       string_agg(n."hash" || coalesce(',' || (
         SELECT string_agg(e.sum, ',' ORDER BY e.i) FROM jsonb_array_elements_text(n."sums") WITH ORDINALITY AS e(sum, i)
       ), ''), ';' ORDER BY n."position")
FROM "solvency_nodes" n
WHERE n."level" % 6 = 0
GROUP BY n."snapshot_id", n."level", n."position" / 64;--> statement-breakpoint
-- A row per wallet with its leaves in position order, and the decoys 64 to a row.
INSERT INTO "solvency_leaf_sets" ("snapshot_id", "wallet", "positions", "salts")
SELECT "snapshot_id", "wallet", array_agg("position" ORDER BY "position"), array_agg("salt" ORDER BY "position")
FROM "solvency_leaves"
WHERE "wallet" IS NOT NULL
GROUP BY "snapshot_id", "wallet";--> statement-breakpoint
INSERT INTO "solvency_leaf_sets" ("snapshot_id", "wallet", "positions", "salts")
SELECT "snapshot_id", NULL, array_agg("position" ORDER BY "position"), array_agg("salt" ORDER BY "position")
FROM "solvency_leaves"
WHERE "wallet" IS NULL
GROUP BY "snapshot_id", "position" / 64;--> statement-breakpoint
DROP TABLE "solvency_leaves" CASCADE;--> statement-breakpoint
DROP TABLE "solvency_nodes" CASCADE;
