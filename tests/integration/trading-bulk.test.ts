/**
 * The engine's bulk close (settleEachIfUnchanged, one ledger_post_many call per burst), on PGlite
 * and PostgreSQL: a burst settled in bulk leaves the same orders, balances and journal entries as
 * the same positions settled one by one under their locks, and a position its user closes at the
 * same moment as the burst is settled once. Issue #41, "Triggers".
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import { dec, fmt } from '../../protocol/money.ts';
import { closePrice, profitInQuote, settledProfit, type Tick, toUsdt } from '../../protocol/trading.ts';
import { rowsOf } from '../../server/db/rows.ts';
import { auditLedger } from '../../server/ledger/audit.ts';
import { journalEntries } from '../../server/ledger/ledger.schema.ts';
import { orders } from '../../server/modules/trading/trading.schema.ts';
import {
  type DueClose,
  lockedOrder,
  type OrderRow,
  settle,
  settleEachIfUnchanged,
} from '../../server/modules/trading/trading.settlement.ts';
import { TRIGGER_SETTINGS } from '../../server/modules/trading/trading.triggers.ts';
import { dataOf } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { useTradingApp } from '../helpers/trading-app.ts';

const BTC: Tick = { bid: '96000', ask: '96001' };
const ETH: Tick = { bid: '3250', ask: '3250.1' };

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`trading bulk close on ${target.name}`, () => {
    const { env, pool, user } = useTradingApp(target);
    // As the trigger job settles on this kind of database (index plans on PostgreSQL).
    const plans = () => TRIGGER_SETTINGS[env.database.kind].indexPlans;

    const read = async (ids: number[]): Promise<OrderRow[]> =>
      env.database.db.select().from(orders).where(inArray(orders.id, ids)).orderBy(orders.id);
    // Buys take their profit, sells are stopped out: profits, losses and losses capped at the margin.
    const due = (row: OrderRow): DueClose => ({
      row,
      tick: row.symbol === 'BTCUSDT' ? BTC : ETH,
      rate: '1',
      action: row.side === 'buy' ? 'take_profit' : 'stop_out',
    });
    /** An entry's postings as (account owner's role, bucket, coin, amount), in posting order. */
    const postingsOf = async (key: string, owner: string) =>
      rowsOf<{ owner: string; bucket: string; coin: string; amount: string }>(
        await env.database.db.execute(sql`
          select a.owner, a.bucket, p.coin, p.amount::text as amount
            from postings p
            join journal_entries j on j.id = p.entry_id
            join ledger_accounts a on a.id = p.account_id
           where j.idempotency_key = ${key}
           order by p.id`),
      ).map((p) => ({ ...p, owner: p.owner === owner ? 'user' : p.owner, amount: fmt(dec(p.amount)) }));

    /** Two users who place the same positions at the same prices. */
    async function twoBooks() {
      env.source.pin('BTCUSDT', '95000', '95001');
      env.source.pin('ETHUSDT', '3300', '3300.1');
      const books = [];
      for (let n = 0; n < 2; n += 1) {
        const u = await user('20000');
        const ids: number[] = [];
        for (const [symbol, side, lots] of [
          ['BTCUSDT', 'buy', '0.01'],
          ['BTCUSDT', 'sell', '0.01'],
          ['BTCUSDT', 'sell', '0.05'],
          ['ETHUSDT', 'buy', '0.3'],
          ['ETHUSDT', 'sell', '0.2'],
          ['BTCUSDT', 'buy', '0.03'],
        ] as const)
          ids.push(dataOf(await u.place({ symbol, side, lots })).id);
        books.push({ u, ids });
      }
      return books as [(typeof books)[number], (typeof books)[number]];
    }

    test('a burst settled in bulk gives the orders, balances and journal of settling one by one', async () => {
      const [bulk, single] = await twoBooks();
      env.source.pin('BTCUSDT', BTC.bid, BTC.ask);
      env.source.pin('ETHUSDT', ETH.bid, ETH.ask);
      const at = new Date();

      const poolBefore = await pool();
      const closed = await settleEachIfUnchanged(
        env.database.db,
        (await read(bulk.ids)).map(due),
        at,
        plans(),
      );
      expect([...closed].sort((a, b) => a - b)).toEqual(bulk.ids);
      const poolAfterBulk = await pool();
      for (const row of await read(single.ids)) {
        const { tick, rate, action } = due(row);
        await env.database.db.transaction(async (tx) =>
          settle(tx, await lockedOrder(tx, row.id), tick, rate, action, at),
        );
      }
      const poolAfterSingle = await pool();
      // The pool moved by the same amount both ways.
      expect(fmt(dec(poolAfterBulk).minus(poolBefore))).toBe(fmt(dec(poolAfterSingle).minus(poolAfterBulk)));

      const [bulkRows, singleRows] = [await read(bulk.ids), await read(single.ids)];
      expect(new Set(bulkRows.map((r) => r.profit && Number(r.profit) < 0)).size).toBe(2);
      for (const [n, b] of bulkRows.entries()) {
        const s = singleRows[n] as OrderRow;
        const pick = (r: OrderRow) => [r.status, r.closePrice, r.profit, r.closeReason, r.margin];
        expect(pick(b)).toEqual(pick(s));
        // And what the shared rules say a close at this tick is worth, capped at the margin.
        const quote = profitInQuote(
          b.side,
          fmt(dec(b.openPrice ?? '0')),
          closePrice(b.side, due(b).tick),
          fmt(dec(b.lots)),
          fmt(dec(b.contractSize)),
        );
        expect(fmt(dec(b.profit ?? ''))).toBe(settledProfit(toUsdt(quote, '1'), fmt(dec(b.margin))));
        const [entryB, entryS] = await Promise.all(
          [b, s].map(async (r) =>
            env.database.db
              .select({
                type: journalEntries.type,
                reference: journalEntries.reference,
                memo: journalEntries.memo,
              })
              .from(journalEntries)
              .where(eq(journalEntries.idempotencyKey, `order:${r.id}:close`)),
          ),
        );
        expect(entryB).toEqual([
          { type: 'trading_settlement', reference: `order:${b.id}`, memo: due(b).action },
        ]);
        expect(entryS).toEqual([{ ...entryB?.[0], reference: `order:${s.id}` }]);
        expect(await postingsOf(`order:${b.id}:close`, bulk.u.address.toLowerCase())).toEqual(
          await postingsOf(`order:${s.id}:close`, single.u.address.toLowerCase()),
        );
      }
      for (const bucket of ['available', 'frozen'] as const)
        expect(await bulk.u.balance(bucket)).toBe(await single.u.balance(bucket));
      expect(await bulk.u.balance('frozen')).toBe('0');

      // A retry of the burst (the engine's run repeated with the rows it read) moves nothing.
      const entries = async () =>
        (
          await env.database.db
            .select()
            .from(journalEntries)
            .where(like(journalEntries.idempotencyKey, 'order:%'))
        ).length;
      const before = await entries();
      const stale = bulkRows.map((row) => due({ ...row, status: 'open' }));
      expect((await settleEachIfUnchanged(env.database.db, stale, at, plans())).size).toBe(0);
      expect(await entries()).toBe(before);
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('a position its user closes while the burst settles is settled once', async () => {
      // The first, a middle and the last position of the burst, each in a round of its own.
      for (const pick of [0, 2, 5]) {
        const [{ u, ids }] = await twoBooks();
        env.source.pin('BTCUSDT', BTC.bid, BTC.ask);
        env.source.pin('ETHUSDT', ETH.bid, ETH.ask);
        const available = await u.balance();
        const rows = await read(ids);
        const target = ids[pick] as number;
        const [byUser, closed] = await Promise.all([
          u.call('10076', { id: String(target), requestId: randomUUID() }),
          settleEachIfUnchanged(env.database.db, rows.map(due), new Date(), plans()),
        ]);
        expect(['00000', ERRORS.order_not_modifiable.code]).toContain(byUser.respCode);
        const userWon = byUser.respCode === '00000';
        expect(closed.has(target)).toBe(!userWon);
        expect(closed.size).toBe(userWon ? ids.length - 1 : ids.length);
        const after = await read(ids);
        expect(after.every((r) => r.status === 'closed')).toBe(true);
        expect((await u.order(target)).closeReason).toBe(
          userWon ? 'user' : due(rows[pick] as OrderRow).action,
        );
        // One settlement entry per order, and the money of exactly one close each.
        for (const id of ids) {
          const settlements = await env.database.db
            .select()
            .from(journalEntries)
            .where(eq(journalEntries.reference, `order:${id}`));
          expect(settlements.filter((e) => e.type === 'trading_settlement').length).toBe(1);
        }
        const back = after.reduce(
          (sum, r) => sum.plus(dec(r.margin)).plus(dec(r.profit ?? '0')),
          dec(available),
        );
        expect(await u.balance()).toBe(fmt(back));
        expect(await u.balance('frozen')).toBe('0');
      }
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });
  });
}
