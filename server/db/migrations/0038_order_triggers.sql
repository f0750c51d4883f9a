-- Issue #41, "Triggers": the trigger engine found due orders by reading every active order on
-- every tick and computing each one's stop-out loss (a scan: 1,000 rows cost more than settling most
-- bursts, 10,000 could not keep up with 10 ticks a second). Each active order now carries the price
-- it waits for, derived by the database (generated columns, so no write can leave it stale), and
-- the engine finds due orders through partial indexes on it. An open position's stop-out level
-- depends on its quote currency's USDT rate; stop_out_rate is the highest rate at which the stored
-- level holds (0 for the positions open before this migration: the engine judges them on its next
-- run and sets it). orders_active(status, symbol) served only the old scan.
DROP INDEX "orders_active";
--> statement-breakpoint
-- One ALTER TABLE for the four columns: the generated ones rewrite the table, once, not four times.
ALTER TABLE "orders" ADD COLUMN "stop_out_rate" numeric(38, 18) DEFAULT '0' NOT NULL,
  ADD COLUMN "watch" text GENERATED ALWAYS AS (case when status not in ('pending', 'open') then null when (side = 'sell') = (status = 'open') then 'ask' else 'bid' end) STORED,
  ADD COLUMN "trigger_low" numeric(38, 18) GENERATED ALWAYS AS (case when status = 'open' and side = 'buy' then greatest(stop_loss, open_price - (case when stop_out_rate > 0 then margin * 0.79 / (lots * contract_size * stop_out_rate) end))
          when status = 'open' and side = 'sell' then take_profit
          when status = 'pending' and kind in ('buy_limit', 'sell_stop') then price end) STORED,
  ADD COLUMN "trigger_high" numeric(38, 18) GENERATED ALWAYS AS (case when status = 'open' and side = 'buy' then take_profit
          when status = 'open' and side = 'sell' then least(stop_loss, open_price + (case when stop_out_rate > 0 then margin * 0.79 / (lots * contract_size * stop_out_rate) end))
          when status = 'pending' and kind in ('buy_stop', 'sell_limit') then price end) STORED;
--> statement-breakpoint
CREATE INDEX "orders_active_pairs" ON "orders" USING btree ("symbol","quote_currency") WHERE status in ('pending', 'open');--> statement-breakpoint
CREATE INDEX "orders_due_low" ON "orders" USING btree ("symbol","watch","trigger_low") WHERE trigger_low is not null;--> statement-breakpoint
CREATE INDEX "orders_due_high" ON "orders" USING btree ("symbol","watch","trigger_high") WHERE trigger_high is not null;--> statement-breakpoint
CREATE INDEX "orders_stop_out_rate" ON "orders" USING btree ("symbol","quote_currency","stop_out_rate") WHERE status = 'open';