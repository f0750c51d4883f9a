/**
 * Personal deposit addresses and the deposit state machine (detected -> confirming -> credited).
 * Today the operator reports deposits (`admin deposit`); a chain watcher will call the same
 * `detectDeposit` / `advanceDeposit` functions when it arrives.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type {
  DepositAddress,
  DepositRecord,
  DepositStatus,
  WalletDeposit,
} from '../../../protocol/deposit.ts';
import type { Page } from '../../../protocol/envelope.ts';
import { dec, fmt, isDecimalString, scaleOf } from '../../../protocol/money.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { enabledInOrder } from '../../db/enabled.ts';
import { readPage } from '../../db/paging.ts';
import { coins } from '../../ledger/coins.schema.ts';
import { credit, post } from '../../ledger/ledger.ts';
import { chains, coinChains, readSetting } from '../config/index.ts';
import { isPublicTestXpub } from './demo-keys.ts';
import { depositAddresses, depositIndexes, deposits } from './deposit.schema.ts';
import { deriveDepositAddress } from './derive.ts';

export const DEPOSIT_XPUBS_SETTING = 'depositXpubs';
export type DepositXpubs = Partial<Record<'evm' | 'tron' | 'bitcoin', string>>;

export class DepositError extends Error {
  override name = 'DepositError';
}

async function derivationIndex(tx: DbOrTx, user: string): Promise<number> {
  await tx.insert(depositIndexes).values({ address: user }).onConflictDoNothing();
  const [row] = await tx
    .select({ index: depositIndexes.index })
    .from(depositIndexes)
    .where(eq(depositIndexes.address, user));
  if (!row) throw new Error('no derivation index');
  // bigserial starts at 1; addresses start at m/0/0.
  return row.index - 1;
}

/**
 * The chain families whose configured deposit key is a public test key (the demo's), for the
 * start-up warning and `admin status`: real funds sent to their addresses are anyone's.
 */
export async function publicTestKeysInUse(db: DbOrTx): Promise<string[]> {
  const xpubs = (await readSetting<DepositXpubs>(db, DEPOSIT_XPUBS_SETTING)) ?? {};
  return Object.entries(xpubs)
    .filter(([, xpub]) => typeof xpub === 'string' && isPublicTestXpub(xpub))
    .map(([family]) => family)
    .sort();
}

/** The user's deposit address on every enabled chain, derived once and remembered. */
export async function depositAddressesFor(tx: DbOrTx, wallet: string): Promise<DepositAddress[]> {
  const user = wallet.toLowerCase();
  const xpubs = (await readSetting<DepositXpubs>(tx, DEPOSIT_XPUBS_SETTING)) ?? {};
  const index = await derivationIndex(tx, user);
  const chainRows = (await tx.select().from(chains).orderBy(chains.sort)).filter((c) => c.enabled);
  const links = await tx.select().from(coinChains);
  const coinOrder = (
    await enabledInOrder(tx.select({ symbol: coins.symbol }).from(coins).$dynamic(), coins)
  ).map((c) => c.symbol);
  const result: DepositAddress[] = [];
  for (const chain of chainRows) {
    const xpub = xpubs[chain.family];
    const address = xpub ? deriveDepositAddress(chain.family, xpub, index) : null;
    if (address) {
      await tx.insert(depositAddresses).values({ user, chain: chain.id, address }).onConflictDoNothing();
    }
    const accepted = coinOrder.filter((coin) => links.some((l) => l.coin === coin && l.chain === chain.id));
    // What the watcher reads here: a token contract or the native coin (config token).
    const readable = accepted.flatMap((coin): WalletDeposit['coins'] => {
      const link = links.find((l) => l.coin === coin && l.chain === chain.id);
      if (link?.native) return [{ coin, contract: null, decimals: 18 }];
      if (link?.contract && link.decimals !== null)
        return [{ coin, contract: link.contract, decimals: link.decimals }];
      return [];
    });
    result.push({
      chain: chain.id,
      family: chain.family,
      address,
      demo: xpub !== undefined && isPublicTestXpub(xpub),
      coins: accepted,
      wallet:
        chain.family === 'evm' && chain.evmChainId !== null && readable.length > 0
          ? { chainId: chain.evmChainId, confirmations: chain.confirmations, coins: readable }
          : null,
    });
  }
  return result;
}

export interface DetectedDeposit {
  wallet: string;
  coin: string;
  chain: string;
  amount: string;
  txid: string;
  /** Set by the chain watcher: a token transfer's log index, and the block it was seen in. */
  logIndex?: number;
  block?: { number: number; hash: string };
}

/** A deposit seen on chain: refused if the coin does not move on the chain, or the txid is known. */
export async function detectDeposit(tx: Tx, input: DetectedDeposit): Promise<number> {
  const [coin] = await tx.select().from(coins).where(eq(coins.symbol, input.coin));
  if (!coin) throw new DepositError(`unknown coin ${input.coin}`);
  const [link] = await tx
    .select()
    .from(coinChains)
    .where(and(eq(coinChains.coin, input.coin), eq(coinChains.chain, input.chain)));
  if (!link) throw new DepositError(`${input.coin} does not move on ${input.chain}`);
  if (
    !isDecimalString(input.amount) ||
    !dec(input.amount).greaterThan(0) ||
    scaleOf(input.amount) > coin.precision
  ) {
    throw new DepositError(
      `amount must be positive with at most ${coin.precision} decimals for ${input.coin}`,
    );
  }
  if (!/^[A-Za-z0-9]{8,100}$/.test(input.txid))
    throw new DepositError('txid must be 8 to 100 letters or digits');
  // The operator reports a whole transaction: one the chain watcher already recorded, in any of
  // its transfers, is not reported again.
  if (input.logIndex === undefined) {
    const [seen] = await tx
      .select({ id: deposits.id })
      .from(deposits)
      .where(and(eq(deposits.chain, input.chain), eq(deposits.txid, input.txid)));
    if (seen)
      throw new DepositError(
        `txid ${input.txid} on ${input.chain} was already recorded: a txid is credited once, ever`,
      );
  }
  const [row] = await tx
    .insert(deposits)
    .values({
      user: input.wallet.toLowerCase(),
      coin: input.coin,
      chain: input.chain,
      amount: fmt(dec(input.amount)),
      txid: input.txid,
      status: 'detected',
      logIndex: input.logIndex ?? -1,
      blockNumber: input.block?.number ?? null,
      blockHash: input.block?.hash ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: deposits.id });
  if (!row)
    throw new DepositError(
      `txid ${input.txid} on ${input.chain} was already recorded: a txid is credited once, ever`,
    );
  return row.id;
}

const NEXT: Record<DepositStatus, DepositStatus | null> = {
  detected: 'confirming',
  confirming: 'credited',
  credited: null,
};

/** One step along the state machine; crediting posts the ledger entry in the same transaction. */
export async function advanceDeposit(tx: Tx, id: number, to: DepositStatus): Promise<void> {
  const [row] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
  if (!row) throw new DepositError(`no deposit ${id}`);
  if (NEXT[row.status] !== to) throw new DepositError(`deposit ${id} cannot go from ${row.status} to ${to}`);
  if (to !== 'credited') {
    await tx.update(deposits).set({ status: to }).where(eq(deposits.id, id));
    return;
  }
  const entry = await post(tx, {
    type: 'deposit',
    // A txid (and, for a token transfer, its log index) is credited once, ever.
    idempotencyKey: `deposit:${row.chain}:${row.txid}${row.logIndex >= 0 ? `:${row.logIndex}` : ''}`,
    reference: `deposit:${id}`,
    postings: credit(row.user, 'deposits_clearing', row.coin, fmt(dec(row.amount))),
  });
  await tx
    .update(deposits)
    .set({ status: 'credited', entryId: entry.entryId, creditedAt: new Date() })
    .where(eq(deposits.id, id));
}

export async function depositRecords(
  db: DbOrTx,
  wallet: string,
  page: number,
  size: number,
  coin?: string,
): Promise<Page<DepositRecord>> {
  const where = and(eq(deposits.user, wallet.toLowerCase()), coin ? eq(deposits.coin, coin) : undefined);
  return readPage(
    { page, size },
    {
      count: () => db.select({ n: count() }).from(deposits).where(where),
      rows: ({ limit, offset }) =>
        db
          .select({ deposit: deposits, required: chains.confirmations })
          .from(deposits)
          .leftJoin(chains, eq(chains.id, deposits.chain))
          .where(where)
          .orderBy(desc(deposits.id))
          .limit(limit)
          .offset(offset),
      list: (rows) =>
        rows.map(({ deposit: r, required }) => ({
          id: r.id,
          coin: r.coin,
          chain: r.chain,
          amount: fmt(dec(r.amount)),
          txid: r.txid,
          status: r.status,
          confirmations: r.confirmations,
          required: r.blockNumber === null ? null : (required ?? null),
          detectedAt: r.detectedAt.getTime(),
          creditedAt: r.creditedAt?.getTime() ?? null,
        })),
    },
  );
}
