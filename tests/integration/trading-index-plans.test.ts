/**
 * The trigger engine's plans on PostgreSQL (server/db/index-plans.ts): with thousands of open
 * positions, and statistics either stale (taken before they were opened) or fresh from ANALYZE (as
 * autovacuum leaves them), the due search and a burst's close read `orders` through their
 * indexes, never every position. Without the settings,
 * PostgreSQL 15's planner does scan them all (the first check says so, so that this test shows
 * what the settings are for). Plans, not timings: the same on a busy host as on a quiet one.
 */
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import type { Tx } from '../../server/db/client.ts';
import { planByIndexes } from '../../server/db/index-plans.ts';
import { rowsOf } from '../../server/db/rows.ts';
import { release } from '../../server/ledger/ledger.ts';
import { closeUnchanged } from '../../server/modules/trading/trading.settlement.ts';
import { dueIds } from '../../server/modules/trading/trading.triggers.ts';
import { dataOf } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { useTradingApp } from '../helpers/trading-app.ts';

const postgres = DATABASE_TARGETS.find((t) => t.name === 'postgres');
const COPIES = 5000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of a plan that reads `orders`, as "node type (index)". */
function readsOfOrders(node: PlanNode): string[] {
  const own =
    node['Relation Name'] === 'orders' ? [`${node['Node Type']} (${node['Index Name'] ?? '-'})`] : [];
  return [...own, ...(node.Plans ?? []).flatMap(readsOfOrders)];
}

describe.skipIf(!postgres?.available)('the trigger engine plans by index on PostgreSQL', () => {
  const { env, user } = useTradingApp(postgres as NonNullable<typeof postgres>);

  async function plan(tx: Tx, statement: SQL): Promise<string[]> {
    const [row] = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      await tx.execute(sql`explain (format json) ${statement}`),
    );
    const top = row?.['QUERY PLAN'][0];
    if (!top) throw new Error('EXPLAIN answered no plan');
    return readsOfOrders(top.Plan);
  }
  const fullReads = (reads: string[]) => reads.filter((r) => /^(Seq Scan|Bitmap Heap Scan)/.test(r));

  test('the due search and the close of a burst read orders by index, with stale and fresh statistics', async () => {
    env.source.pin('BTCUSDT', '95000', '95001');
    const u = await user('100000');
    const { id } = dataOf(
      await u.place({ symbol: 'BTCUSDT', side: 'buy', lots: '0.01', stopLoss: '90000', takeProfit: '99000' }),
    );
    // Statistics taken with one open position, then thousands more like it (copies of its row).
    const db = env.database.db;
    await db.execute(sql`analyze orders`);
    const [{ columns = '' } = {}] = rowsOf<{ columns: string }>(
      await db.execute(sql`
        select string_agg(quote_ident(column_name), ', ' order by ordinal_position) as columns
          from information_schema.columns
         where table_name = 'orders' and is_generated = 'NEVER' and column_name <> 'id'`),
    );
    await db.execute(sql`
      insert into orders (${sql.raw(columns)})
      select ${sql.raw(columns)} from orders, generate_series(1, ${COPIES}) g
       where id = ${id}`);

    const ticks = [{ symbol: 'BTCUSDT', quote: 'USDT', bid: '95000', ask: '95001', rate: '1' }];
    const burst = closeUnchanged(
      [
        {
          id,
          sl: '90000',
          tp: '99000',
          price: '99000',
          profit: '1',
          reason: 'take_profit',
          // Any balanced entry: EXPLAIN plans the statement without running it.
          entry: {
            type: 'trading_settlement',
            idempotencyKey: `plan:${id}`,
            reference: `order:${id}`,
            postings: release(u.address, 'USDT', '1'),
          },
        },
      ],
      new Date(),
    );
    const search = sql`select id from orders where id in (${dueIds(ticks)})`;

    const byIndex = async (tx: Tx) => {
      const reads = [...(await plan(tx, search)), ...(await plan(tx, burst))];
      expect(fullReads(reads)).toEqual([]);
      expect(reads.some((r) => r.includes('orders_stop_out_rate'))).toBe(true);
      expect(reads.some((r) => r.includes('orders_pkey'))).toBe(true);
    };
    await db.transaction(async (tx) => {
      await planByIndexes(tx);
      await byIndex(tx);
    });
    await db.execute(sql`analyze orders`);
    await db.transaction(async (tx) => {
      // What the settings are for: PostgreSQL's own choice scans every position.
      expect(fullReads([...(await plan(tx, search)), ...(await plan(tx, burst))])).not.toEqual([]);
      await planByIndexes(tx);
      await byIndex(tx);
    });
  });
});
