CREATE TABLE "solvency_leaf_buckets" (
	"snapshot_id" bigint NOT NULL,
	"bucket" integer NOT NULL,
	"leaves" text NOT NULL,
	CONSTRAINT "solvency_leaf_buckets_snapshot_id_bucket_pk" PRIMARY KEY("snapshot_id","bucket")
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
-- Pages and leaf buckets are hex and decimals: compressing them saves little and cost more than the insert.
ALTER TABLE "solvency_node_pages" ALTER COLUMN "nodes" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "solvency_leaf_buckets" ALTER COLUMN "leaves" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "solvency_snapshots" ADD COLUMN "height" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "solvency_snapshots" ADD COLUMN "complete" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "solvency_leaf_buckets" ADD CONSTRAINT "solvency_leaf_buckets_snapshot_id_solvency_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."solvency_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solvency_node_pages" ADD CONSTRAINT "solvency_node_pages_snapshot_id_solvency_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."solvency_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
-- The leaves' owners and salts: an entry `wallet:position,...:salt,...` per wallet (positions in
-- order) in bucket (first 32 bits of md5(wallet)) modulo max(1, ceil(user_count / 64)), as
-- bucketOf and bucketCount compute it; the decoys (wallet '') in entries of up to 64, in any bucket
-- (no proof looks one up; an audit reads them all); each bucket's entries joined by ';'.
INSERT INTO "solvency_leaf_buckets" ("snapshot_id", "bucket", "leaves")
SELECT e."snapshot_id", e."bucket", string_agg(e."entry", ';')
FROM (
  SELECT l."snapshot_id",
         CASE WHEN l."wallet" IS NULL THEN (min(l."position") / 64) % b."n"
              ELSE (('x' || substr(md5(l."wallet"), 1, 8))::bit(32)::bigint % b."n")::int END AS "bucket",
         coalesce(l."wallet", '') || ':' || string_agg(l."position"::text, ',' ORDER BY l."position")
           || ':' || string_agg(l."salt", ',' ORDER BY l."position") AS "entry"
  FROM "solvency_leaves" l
  JOIN (SELECT "id", greatest(1, ceil("user_count" / 64.0))::int AS "n" FROM "solvency_snapshots") b
    ON b."id" = l."snapshot_id"
  GROUP BY l."snapshot_id", b."n", l."wallet", CASE WHEN l."wallet" IS NULL THEN l."position" / 64 END
) e
GROUP BY e."snapshot_id", e."bucket";--> statement-breakpoint
DROP TABLE "solvency_leaves" CASCADE;--> statement-breakpoint
DROP TABLE "solvency_nodes" CASCADE;
