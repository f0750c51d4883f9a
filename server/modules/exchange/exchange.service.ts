/**
 * Flash exchange (docs/exchange.md): pairs from configuration, quotes priced from the market
 * engine and kept in the database for a few seconds, and execution at the quoted price as one
 * balanced journal entry against the exchange inventory.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DomainError, isRefusal } from '../../../protocol/domain-error.ts';
import type { Page } from '../../../protocol/envelope.ts';
import {
  type ExchangePair,
  type ExchangeQuote,
  type ExchangeRecord,
  type ExchangeRequest,
  pairId,
  QUOTE_TTL_MS,
} from '../../../protocol/exchange.ts';
import { dec, fmt, isDecimalString, scaleOf } from '../../../protocol/money.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { numericText } from '../../db/columns.ts';
import { readTablePage } from '../../db/paging.ts';
import { coins } from '../../ledger/coins.schema.ts';
import { credit, debit, type Posting, post, systemAccount, transfer } from '../../ledger/ledger.ts';
import type { MarketEngine } from '../markets/index.ts';
import { payReferral } from '../referral/index.ts';
import { exchangeAmounts, quotedPrice, sideOf } from './exchange.pricing.ts';
import { exchangePairs, exchangeQuotes, exchanges } from './exchange.schema.ts';

const fromCoin = alias(coins, 'from_coin');
const toCoin = alias(coins, 'to_coin');

interface PairRow extends ExchangePair {
  market: string;
}

function splitPair(pair: string): [string, string] {
  const [from = '', to = ''] = pair.split('_');
  return [from, to];
}

async function pairRows(db: DbOrTx, only?: { from: string; to: string }): Promise<PairRow[]> {
  const rows = await db
    .select({
      from: exchangePairs.from,
      to: exchangePairs.to,
      market: exchangePairs.market,
      min: exchangePairs.min,
      max: exchangePairs.max,
      feePercent: exchangePairs.feePercent,
      spreadPercent: exchangePairs.spreadPercent,
      fromPrecision: fromCoin.precision,
      toPrecision: toCoin.precision,
    })
    .from(exchangePairs)
    .innerJoin(fromCoin, eq(fromCoin.symbol, exchangePairs.from))
    .innerJoin(toCoin, eq(toCoin.symbol, exchangePairs.to))
    .where(
      and(
        eq(exchangePairs.enabled, true),
        eq(fromCoin.enabled, true),
        eq(toCoin.enabled, true),
        only ? and(eq(exchangePairs.from, only.from), eq(exchangePairs.to, only.to)) : undefined,
      ),
    )
    .orderBy(asc(exchangePairs.sort), asc(fromCoin.sort), asc(toCoin.sort));
  return rows.map((r) => ({
    pair: pairId(r.from, r.to),
    from: r.from,
    to: r.to,
    market: r.market,
    fromPrecision: r.fromPrecision,
    toPrecision: r.toPrecision,
    ...numericText(r, ['min', 'max', 'feePercent', 'spreadPercent']),
  }));
}

export async function listPairs(db: DbOrTx): Promise<ExchangePair[]> {
  return (await pairRows(db)).map(({ market: _market, ...pair }) => pair);
}

async function pairOf(db: DbOrTx, pair: string): Promise<PairRow> {
  const [from, to] = splitPair(pair);
  const [row] = await pairRows(db, { from, to });
  if (!row) throw new DomainError('exchange_pair_unavailable', { from, to });
  return row;
}

/** The base and quote coin of a market symbol that joins the pair's two coins (BTCUSDT). */
export function marketCoins(
  market: string,
  from: string,
  to: string,
): { baseCoin: string; quoteCoin: string } {
  if (market === `${from}${to}`) return { baseCoin: from, quoteCoin: to };
  if (market === `${to}${from}`) return { baseCoin: to, quoteCoin: from };
  throw new Error(`market ${market} does not join ${from} and ${to}`);
}

function checkAmountScale(amount: string, precision: number): void {
  if (!isDecimalString(amount) || scaleOf(amount) > precision)
    throw new DomainError('field_invalid', { field: 'amount' });
}

/** A fresh quote for a pair (and what `amount` yields at it), stored for QUOTE_TTL_MS. */
export async function createQuote(
  db: DbOrTx,
  engine: MarketEngine | null,
  input: { pair: string; amount?: string | undefined; wallet: string | null },
  now = Date.now(),
): Promise<ExchangeQuote> {
  const pair = await pairOf(db, input.pair);
  const instrument = await engine?.instrument(pair.market);
  const tick = engine && instrument ? engine.quote(pair.market, now) : null;
  if (!engine || !instrument || !tick?.open) {
    throw new DomainError('exchange_pair_unavailable', { from: pair.from, to: pair.to });
  }
  const coinsOf = marketCoins(pair.market, pair.from, pair.to);
  const side = sideOf(pair.to, coinsOf.baseCoin);
  const price = quotedPrice(tick.bid, tick.ask, pair.spreadPercent, side, instrument.precision);
  let amounts: ReturnType<typeof exchangeAmounts> | null = null;
  if (input.amount !== undefined) {
    checkAmountScale(input.amount, pair.fromPrecision);
    amounts = exchangeAmounts({
      amount: input.amount,
      price,
      side,
      feePercent: pair.feePercent,
      toPrecision: pair.toPrecision,
    });
  }
  const id = randomUUID();
  const issuedAt = new Date(now);
  const expiresAt = new Date(now + QUOTE_TTL_MS);
  // Quotes are worth nothing once expired: the old ones go as new ones come.
  await db.delete(exchangeQuotes).where(lt(exchangeQuotes.expiresAt, new Date(now - 60_000)));
  await db.insert(exchangeQuotes).values({
    id,
    from: pair.from,
    to: pair.to,
    price,
    ...coinsOf,
    feePercent: pair.feePercent,
    wallet: input.wallet,
    issuedAt,
    expiresAt,
  });
  return {
    quoteId: id,
    pair: pair.pair,
    from: pair.from,
    to: pair.to,
    price,
    ...coinsOf,
    amount: input.amount === undefined ? null : fmt(dec(input.amount)),
    gross: amounts?.gross ?? null,
    fee: amounts?.fee ?? null,
    receive: amounts?.receive ?? null,
    issuedAt: issuedAt.getTime(),
    expiresAt: expiresAt.getTime(),
  };
}

type ExchangeRow = typeof exchanges.$inferSelect;

function toRecord(r: ExchangeRow): ExchangeRecord {
  return {
    id: r.id,
    pair: pairId(r.from, r.to),
    from: r.from,
    to: r.to,
    baseCoin: r.baseCoin,
    quoteCoin: r.quoteCoin,
    ...numericText(r, ['amount', 'price', 'gross', 'fee', 'receive']),
    createdAt: r.createdAt.getTime(),
  };
}

/**
 * Executes `amount` of a pair at the price of an unexpired, unused quote: the user's `from` goes
 * to the inventory, the inventory pays gross `to`, of which the fee goes to revenue and the rest
 * to the user. One journal entry, type "exchange"; refused when the inventory cannot cover it.
 */
export async function executeExchange(
  tx: Tx,
  wallet: string,
  input: ExchangeRequest,
  now = Date.now(),
): Promise<ExchangeRecord> {
  const user = wallet.toLowerCase();
  const pair = await pairOf(tx, input.pair);
  checkAmountScale(input.amount, pair.fromPrecision);
  const amount = fmt(dec(input.amount));
  // The pair's limits of now, not of the quote: a quote fixes price and fee but reserves nothing.
  if (dec(amount).lessThan(dec(pair.min)) || dec(amount).greaterThan(dec(pair.max))) {
    throw new DomainError('amount_out_of_range', { min: pair.min, max: pair.max });
  }

  // Taking the quote and marking it used is one statement: of two calls with the same quote,
  // the second waits for the first and then finds it used.
  const [quote] = await tx
    .update(exchangeQuotes)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(exchangeQuotes.id, input.quoteId),
        eq(exchangeQuotes.from, pair.from),
        eq(exchangeQuotes.to, pair.to),
        or(isNull(exchangeQuotes.wallet), eq(exchangeQuotes.wallet, user)),
        isNull(exchangeQuotes.usedAt),
        gt(exchangeQuotes.expiresAt, new Date(now)),
      ),
    )
    .returning();
  if (!quote) throw new DomainError('quote_expired');

  const price = fmt(dec(quote.price));
  const side = sideOf(pair.to, quote.baseCoin);
  const { gross, fee, receive } = exchangeAmounts({
    amount,
    price,
    side,
    feePercent: fmt(dec(quote.feePercent)),
    toPrecision: pair.toPrecision,
  });
  if (!dec(receive).greaterThan(0))
    throw new DomainError('amount_out_of_range', { min: pair.min, max: pair.max });

  const inventory = systemAccount('exchange_inventory');
  const postings: Posting[] = [
    ...debit(user, 'exchange_inventory', pair.from, amount),
    ...credit(user, 'exchange_inventory', pair.to, receive),
  ];
  if (!dec(fee).isZero()) postings.push(...transfer(inventory, systemAccount('fee_revenue'), pair.to, fee));
  const reference = `exchange:${quote.id}`;
  let entryId: number;
  try {
    ({ entryId } = await post(tx, { type: 'exchange', idempotencyKey: reference, reference, postings }));
    await payReferral(tx, { payer: user, coin: pair.to, amount: fee, source: reference });
  } catch (error) {
    if (isRefusal(error, 'pool_exhausted'))
      throw new DomainError('exchange_inventory_insufficient', { coin: pair.to });
    throw error;
  }
  const [row] = await tx
    .insert(exchanges)
    .values({
      user,
      from: pair.from,
      to: pair.to,
      amount,
      price,
      baseCoin: quote.baseCoin,
      quoteCoin: quote.quoteCoin,
      gross,
      fee,
      receive,
      quoteId: quote.id,
      entryId,
    })
    .returning();
  if (!row) throw new Error('exchange not stored');
  return toRecord(row);
}

export async function exchangeRecords(
  db: DbOrTx,
  wallet: string,
  filter: { page: number; size: number },
): Promise<Page<ExchangeRecord>> {
  const where = eq(exchanges.user, wallet.toLowerCase());
  return readTablePage(db, filter, exchanges, {
    where,
    order: [desc(exchanges.id)],
    list: (rows) => rows.map(toRecord),
  });
}
