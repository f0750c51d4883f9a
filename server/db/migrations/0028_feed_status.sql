CREATE TABLE "feed_status" (
	"symbol" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"state" text NOT NULL,
	"last_tick_at" timestamp with time zone,
	"delayed_since" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
