/**
 * New sends: each reviewed withdrawal on the chain is checked against what the hot wallet can
 * still promise (its balance on chain less the in-flight sends' amounts and gas reserves), signed
 * with the next nonce, stored with the withdrawal's move to processing in one transaction, and
 * only then broadcast. A coin the wallet cannot cover is paused (`waiting for funds`): nothing is
 * signed for it and its withdrawals wait, reviewed, until the wallet is funded.
 */
import { and, asc, eq, max } from 'drizzle-orm';
import { formatUnits, type Hex, isAddress, parseUnits } from 'viem';
import type { Tx } from '../../db/client.ts';
import { queueOperatorPush } from '../push/index.ts';
import { advanceWithdrawal, withdrawals } from '../withdraw/index.ts';
import { type ChainCoin, rawBalance } from './hot-wallet.ts';
import { SENDER_ACTOR, type SenderContext, type SenderRun } from './sender-context.ts';
import { currentFees, gasOf, type Signed, signPayout } from './sign.ts';
import { withdrawalSends, withdrawSenderPauses } from './withdraw-sender.schema.ts';

export const WAITING_FOR_FUNDS = 'waiting for funds';

/** What the in-flight sends promise: amounts per coin and the native coin's gas, in chain units. */
async function promised(ctx: SenderContext): Promise<{ amounts: Map<string, bigint>; gas: bigint }> {
  const rows = await ctx.database.db
    .select({ coin: withdrawals.coin, arrival: withdrawals.arrival, gas: withdrawalSends.gasReserve })
    .from(withdrawalSends)
    .innerJoin(withdrawals, eq(withdrawals.id, withdrawalSends.withdrawalId))
    .where(
      and(
        eq(withdrawalSends.chain, ctx.chain),
        eq(withdrawalSends.sender, ctx.address.toLowerCase()),
        eq(withdrawalSends.status, 'pending'),
      ),
    );
  const amounts = new Map<string, bigint>();
  let gas = 0n;
  for (const r of rows) {
    const coin = ctx.coins.get(r.coin);
    if (coin) amounts.set(r.coin, (amounts.get(r.coin) ?? 0n) + parseUnits(r.arrival, coin.decimals));
    gas += parseUnits(r.gas, 18);
  }
  return { amounts, gas };
}

/** The next nonce: after every nonce the sender ever signed, and after any the chain already counts. */
async function nextNonce(ctx: SenderContext): Promise<number> {
  const [stored] = await ctx.database.db
    .select({ n: max(withdrawalSends.nonce) })
    .from(withdrawalSends)
    .where(and(eq(withdrawalSends.chain, ctx.chain), eq(withdrawalSends.sender, ctx.address.toLowerCase())));
  const counted = await ctx.rpc.getTransactionCount({ address: ctx.address, blockTag: 'pending' });
  return Math.max(stored?.n === null || stored?.n === undefined ? 0 : stored.n + 1, counted);
}

async function setPause(ctx: SenderContext, coin: string, paused: boolean): Promise<boolean> {
  const db = ctx.database.db;
  const where = and(eq(withdrawSenderPauses.chain, ctx.chain), eq(withdrawSenderPauses.coin, coin));
  if (!paused) {
    const gone = await db.delete(withdrawSenderPauses).where(where).returning();
    if (gone.length > 0) ctx.log(`${coin} on ${ctx.chain}: funded again, sending resumes`);
    return false;
  }
  // The pause and the operators' push are one transaction: each pause is announced once.
  const added = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(withdrawSenderPauses)
      .values({ chain: ctx.chain, coin, reason: WAITING_FOR_FUNDS, since: ctx.now() })
      .onConflictDoNothing()
      .returning();
    if (rows.length > 0)
      await queueOperatorPush(tx, {
        titleKey: 'operator.pushSenderPausedTitle',
        bodyKey: 'operator.pushSenderPausedBody',
        params: { coin, chain: ctx.chain, address: ctx.address },
        url: '/home',
      });
    return rows;
  });
  if (added.length > 0)
    ctx.log(
      `${coin} on ${ctx.chain}: ${WAITING_FOR_FUNDS}; the hot wallet ${ctx.address} cannot cover the next withdrawal`,
    );
  return true;
}

/** Stores the signed transaction and moves the withdrawal to processing, or does nothing if it moved on. */
async function store(tx: Tx, ctx: SenderContext, id: number, nonce: number, s: Signed): Promise<boolean> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  if (row?.status !== 'reviewed') return false;
  await tx.insert(withdrawalSends).values({
    withdrawalId: id,
    chain: ctx.chain,
    sender: ctx.address.toLowerCase(),
    nonce,
    attempt: 0,
    rawTx: s.raw,
    txHash: s.hash,
    maxFeePerGas: s.fees.maxFeePerGas.toString(),
    maxPriorityFeePerGas: s.fees.maxPriorityFeePerGas.toString(),
    gasReserve: formatUnits(s.gas * s.fees.maxFeePerGas, 18),
    status: 'pending',
    signedAt: ctx.now(),
  });
  await advanceWithdrawal(tx, id, 'processing', { actor: SENDER_ACTOR, txid: s.hash });
  return true;
}

/** A destination no transaction can pay: the withdrawal fails and its funds return. */
async function refuse(ctx: SenderContext, id: number, note: string): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
    if (row?.status !== 'reviewed') return;
    await advanceWithdrawal(tx, id, 'processing', { actor: SENDER_ACTOR });
    await advanceWithdrawal(tx, id, 'failed', { actor: SENDER_ACTOR, note });
    await advanceWithdrawal(tx, id, 'failure_processed', { actor: SENDER_ACTOR, note });
  });
}

export async function sendNew(ctx: SenderContext, run: SenderRun): Promise<void> {
  const due = await ctx.database.db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.chain, ctx.chain), eq(withdrawals.status, 'reviewed')))
    .orderBy(asc(withdrawals.id))
    .limit(50);
  const held = new Map<string, bigint>();
  const balanceOf = async (c: ChainCoin) => {
    if (!held.has(c.coin)) held.set(c.coin, await rawBalance(ctx.rpc, ctx.address, c));
    return held.get(c.coin) as bigint;
  };
  const inFlight = await promised(ctx);
  const fees = due.length > 0 ? await currentFees(ctx) : null;
  const paused = new Set<string>();
  for (const w of due) {
    const coin = ctx.coins.get(w.coin);
    if (!coin || !fees || paused.has(w.coin)) continue;
    if (!isAddress(w.address, { strict: false })) {
      await refuse(ctx, w.id, 'the destination address is not valid on this chain');
      run.failed += 1;
      continue;
    }
    const units = parseUnits(w.arrival, coin.decimals);
    const gasCost = gasOf(coin) * fees.maxFeePerGas;
    const nativeCoin = ctx.native?.coin ?? null;
    const freeCoin = (await balanceOf(coin)) - (inFlight.amounts.get(coin.coin) ?? 0n);
    const freeNative = ctx.native
      ? (await balanceOf(ctx.native)) - inFlight.gas - (inFlight.amounts.get(ctx.native.coin) ?? 0n)
      : 0n;
    const short =
      coin.coin === nativeCoin ? freeNative < units + gasCost : freeCoin < units || freeNative < gasCost;
    if (await setPause(ctx, w.coin, short)) {
      paused.add(w.coin);
      run.paused.push(w.coin);
      continue;
    }
    const nonce = await nextNonce(ctx);
    const signed = await signPayout(ctx, { coin, to: w.address as Hex, amount: w.arrival, nonce, fees });
    const stored = await ctx.database.db.transaction((tx) => store(tx, ctx, w.id, nonce, signed));
    if (!stored) continue;
    inFlight.amounts.set(coin.coin, (inFlight.amounts.get(coin.coin) ?? 0n) + units);
    inFlight.gas += gasCost;
    run.sent += 1;
    await ctx.broadcast(signed.raw);
    await ctx.database.db
      .update(withdrawalSends)
      .set({ broadcastAt: ctx.now() })
      .where(eq(withdrawalSends.txHash, signed.hash));
  }
}
