/**
 * Price alerts (docs/alerts.md): set (10092), list (10093), delete (10094), and the per-second
 * check that fires them. Levels are compared as NUMERIC in the database, never as floats. Firing
 * is one conditional UPDATE ... WHERE status = 'active', so an alert fires once however many runs
 * or processes race; the push that follows is an outbox (`notified_at`), retried by the next run
 * if the process dies before it is sent.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  ALERTS_PER_USER,
  type AlertCreateRequest,
  type AlertList,
  FIRED_ALERTS_LISTED,
  type PriceAlert,
} from '../../../protocol/alerts.ts';
import { DomainError } from '../../../protocol/domain-error.ts';
import type { Quote } from '../../../protocol/markets.ts';
import { dec, scaleOf, trimNumeric } from '../../../protocol/money.ts';
import type { DbOrTx } from '../../db/client.ts';
import { readAll } from '../../db/reads.ts';
import { rowsOf } from '../../db/rows.ts';
import { users } from '../account/index.ts';
import type { MarketEngine } from '../markets/index.ts';
import { priceAlerts } from './alerts.schema.ts';

type AlertRow = typeof priceAlerts.$inferSelect;

function toAlert(row: AlertRow): PriceAlert {
  return {
    id: row.id,
    symbol: row.symbol,
    direction: row.direction,
    price: trimNumeric(row.price),
    status: row.status,
    createdAt: row.createdAt.getTime(),
    firedAt: row.firedAt?.getTime() ?? null,
    firedPrice: row.firedPrice === null ? null : trimNumeric(row.firedPrice),
  };
}

async function activeCount(db: DbOrTx, owner: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(priceAlerts)
    .where(and(eq(priceAlerts.owner, owner), eq(priceAlerts.status, 'active')));
  return row?.n ?? 0;
}

export async function createAlert(
  db: DbOrTx,
  engine: MarketEngine | null,
  wallet: string,
  input: AlertCreateRequest,
  now = Date.now(),
): Promise<PriceAlert> {
  const owner = wallet.toLowerCase();
  const instrument = engine?.source.instruments.find((i) => i.symbol === input.symbol);
  if (!engine || !instrument) throw new DomainError('field_invalid', { field: 'symbol' });
  if (scaleOf(input.price) > instrument.precision) throw new DomainError('field_invalid', { field: 'price' });
  // The last price the lists show; an alert it has already reached would fire at once.
  const last = dec(engine.quote(input.symbol, now).last);
  const level = dec(input.price);
  if (input.direction === 'above' ? last.gte(level) : last.lte(level)) {
    throw new DomainError('alert_already_reached');
  }
  // The user's row is the lock that keeps two concurrent calls from both taking the last place.
  await db.select({ address: users.address }).from(users).where(eq(users.address, owner)).for('update');
  if ((await activeCount(db, owner)) >= ALERTS_PER_USER) throw new DomainError('alert_limit_reached');
  const [row] = await db
    .insert(priceAlerts)
    .values({ owner, symbol: input.symbol, direction: input.direction, price: input.price })
    .returning();
  if (!row) throw new Error('price alert not stored');
  return toAlert(row);
}

export async function listAlerts(db: DbOrTx, wallet: string, symbol?: string): Promise<AlertList> {
  const owner = wallet.toLowerCase();
  const of = (status: 'active' | 'fired', limit: number) =>
    db
      .select()
      .from(priceAlerts)
      .where(
        and(
          eq(priceAlerts.owner, owner),
          eq(priceAlerts.status, status),
          symbol ? eq(priceAlerts.symbol, symbol) : undefined,
        ),
      )
      .orderBy(desc(priceAlerts.id))
      .limit(limit);
  const [active, fired, held] = await readAll(db, [
    () => of('active', ALERTS_PER_USER),
    () => of('fired', FIRED_ALERTS_LISTED),
    () => activeCount(db, owner),
  ] as const);
  return {
    list: [...active, ...fired].map(toAlert),
    remaining: Math.max(0, ALERTS_PER_USER - held),
  };
}

export async function deleteAlert(db: DbOrTx, wallet: string, id: number): Promise<{ deleted: number }> {
  const rows = await db
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.owner, wallet.toLowerCase())))
    .returning({ id: priceAlerts.id });
  if (rows.length === 0) throw new DomainError('alert_not_found');
  return { deleted: id };
}

/**
 * Fires every active alert whose level the quotes have reached, in one statement, and returns the
 * ids it fired. Closed markets are left out: their last price is the close, which a reopening
 * moves from.
 */
export async function fireReached(db: DbOrTx, quotes: readonly Quote[], now: Date): Promise<number[]> {
  const open = quotes.filter((q) => q.open);
  if (open.length === 0) return [];
  const values = sql.join(
    open.map((q) => sql`(${q.symbol}::text, ${q.last}::numeric)`),
    sql`, `,
  );
  const rows = await rowsOf<{ id: string | number }>(
    await db.execute(sql`
      update price_alerts a
      set status = 'fired', fired_at = ${now.toISOString()}::timestamptz, fired_price = p.last
      from (values ${values}) as p(symbol, last)
      where a.status = 'active' and a.symbol = p.symbol
        and ((a.direction = 'above' and p.last >= a.price) or (a.direction = 'below' and p.last <= a.price))
      returning a.id`),
  );
  return rows.map((r) => Number(r.id)).sort((x, y) => x - y);
}

/** Fired alerts whose push has not been handed over yet, oldest first. */
export async function unnotified(
  db: DbOrTx,
  limit: number,
  maxAttempts: number,
): Promise<(PriceAlert & { owner: string })[]> {
  const rows = await db
    .select()
    .from(priceAlerts)
    .where(
      and(
        eq(priceAlerts.status, 'fired'),
        sql`${priceAlerts.notifiedAt} is null`,
        sql`${priceAlerts.notifyAttempts} < ${maxAttempts}`,
      ),
    )
    .orderBy(asc(priceAlerts.id))
    .limit(limit);
  return rows.map((r) => ({ ...toAlert(r), owner: r.owner }));
}

export async function markNotified(db: DbOrTx, id: number, delivered: boolean): Promise<void> {
  await db
    .update(priceAlerts)
    .set(
      delivered
        ? { notifiedAt: new Date(), notifyAttempts: sql`${priceAlerts.notifyAttempts} + 1` }
        : { notifyAttempts: sql`${priceAlerts.notifyAttempts} + 1` },
    )
    .where(eq(priceAlerts.id, id));
}
