CREATE TABLE "solvency_leaves" (
	"snapshot_id" bigint NOT NULL,
	"wallet" text NOT NULL,
	"position" integer NOT NULL,
	"salt" text NOT NULL,
	CONSTRAINT "solvency_leaves_wallet" UNIQUE("snapshot_id","wallet")
);
--> statement-breakpoint
CREATE TABLE "solvency_nodes" (
	"snapshot_id" bigint NOT NULL,
	"level" integer NOT NULL,
	"position" integer NOT NULL,
	"hash" text NOT NULL,
	"sums" jsonb NOT NULL,
	CONSTRAINT "solvency_nodes_snapshot_id_level_position_pk" PRIMARY KEY("snapshot_id","level","position")
);
--> statement-breakpoint
CREATE TABLE "solvency_reserves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"coin" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "solvency_reserves_address" UNIQUE("chain","coin","address")
);
--> statement-breakpoint
CREATE TABLE "solvency_snapshots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"root_hash" text NOT NULL,
	"coins" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"reserves" jsonb NOT NULL,
	"user_count" integer NOT NULL,
	"day" text,
	CONSTRAINT "solvency_snapshots_day_unique" UNIQUE("day")
);
--> statement-breakpoint
ALTER TABLE "solvency_leaves" ADD CONSTRAINT "solvency_leaves_snapshot_id_solvency_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."solvency_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solvency_nodes" ADD CONSTRAINT "solvency_nodes_snapshot_id_solvency_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."solvency_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "solvency_leaves_position" ON "solvency_leaves" USING btree ("snapshot_id","position");