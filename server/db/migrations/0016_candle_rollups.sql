CREATE TABLE "candle_rollups" (
	"symbol" text NOT NULL,
	"time" bigint NOT NULL,
	"open" numeric(38, 18) NOT NULL,
	"high" numeric(38, 18) NOT NULL,
	"low" numeric(38, 18) NOT NULL,
	"close" numeric(38, 18) NOT NULL,
	"volume" numeric(38, 18) NOT NULL,
	"interval" text NOT NULL,
	CONSTRAINT "candle_rollups_symbol_interval_time_pk" PRIMARY KEY("symbol","interval","time")
);
