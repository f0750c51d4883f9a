/**
 * The sends in flight: each processing withdrawal's signed transactions (the first and any fee
 * replacements, same nonce) are looked up on chain.
 * - One of them mined and reverted: a failure no retry mends; the withdrawal fails and its frozen
 *   amount returns (failed -> failure_processed).
 * - One mined with the chain's confirmations: the withdrawal completes (successful, its ledger
 *   entry as for an operator's completion), with the mined transaction's hash as its txid.
 * - None mined and the latest unknown to the node (never broadcast because of a crash, dropped
 *   from the mempool, or removed by a reorg): the same signed bytes are broadcast again.
 * - None mined long after signing: replaced by the same payout at the same nonce with higher fees,
 *   stored before it is broadcast.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { formatUnits, type Hex, keccak256, parseTransaction } from 'viem';
import { advanceWithdrawal, recordConfirmations, withdrawals } from '../withdraw/index.ts';
import { SENDER_ACTOR, type SenderContext, type SenderRun } from './sender-context.ts';
import { currentFees, raisedFees } from './sign.ts';
import { withdrawalSends } from './withdraw-sender.schema.ts';

type Send = typeof withdrawalSends.$inferSelect;

async function receiptOf(ctx: SenderContext, hash: string) {
  return ctx.rpc.getTransactionReceipt({ hash: hash as Hex }).catch(() => null);
}

async function settle(
  ctx: SenderContext,
  withdrawalId: number,
  mined: Send,
  outcome: 'mined' | 'failed',
  confirmations = 0,
): Promise<boolean> {
  return ctx.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for('update');
    if (row?.status !== 'processing') return false;
    await tx
      .update(withdrawalSends)
      .set({ status: 'replaced' })
      .where(and(eq(withdrawalSends.withdrawalId, withdrawalId), eq(withdrawalSends.status, 'pending')));
    await tx.update(withdrawalSends).set({ status: outcome }).where(eq(withdrawalSends.id, mined.id));
    if (outcome === 'mined') {
      await advanceWithdrawal(tx, withdrawalId, 'successful', { actor: SENDER_ACTOR, txid: mined.txHash });
      await recordConfirmations(tx, withdrawalId, confirmations);
    } else {
      const note = 'the transaction was reverted on chain';
      await advanceWithdrawal(tx, withdrawalId, 'failed', { actor: SENDER_ACTOR, note, txid: mined.txHash });
      await advanceWithdrawal(tx, withdrawalId, 'failure_processed', { actor: SENDER_ACTOR, note });
    }
    return true;
  });
}

/** The latest send again at higher fees, same nonce and payout; stored before it is broadcast. */
async function replace(ctx: SenderContext, latest: Send): Promise<{ id: number; rawTx: string }> {
  const old = parseTransaction(latest.rawTx as Hex);
  const fees = raisedFees(
    { maxFeePerGas: BigInt(latest.maxFeePerGas), maxPriorityFeePerGas: BigInt(latest.maxPriorityFeePerGas) },
    await currentFees(ctx),
  );
  const raw = await ctx.account.signTransaction({
    type: 'eip1559',
    chainId: ctx.chainId,
    nonce: latest.nonce,
    gas: old.gas ?? 0n,
    to: old.to ?? null,
    value: old.value ?? 0n,
    ...(old.data ? { data: old.data } : {}),
    ...fees,
  });
  const hash = keccak256(raw);
  const id = await ctx.database.db.transaction(async (tx) => {
    await tx.update(withdrawalSends).set({ status: 'replaced' }).where(eq(withdrawalSends.id, latest.id));
    const [row] = await tx
      .insert(withdrawalSends)
      .values({
        withdrawalId: latest.withdrawalId,
        chain: ctx.chain,
        sender: latest.sender,
        nonce: latest.nonce,
        attempt: latest.attempt + 1,
        rawTx: raw,
        txHash: hash,
        maxFeePerGas: fees.maxFeePerGas.toString(),
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
        gasReserve: formatUnits((old.gas ?? 0n) * fees.maxFeePerGas, 18),
        status: 'pending',
        signedAt: ctx.now(),
      })
      .returning({ id: withdrawalSends.id });
    await tx
      .update(withdrawals)
      .set({ txid: hash, updatedAt: new Date() })
      .where(eq(withdrawals.id, latest.withdrawalId));
    return (row as { id: number }).id;
  });
  ctx.log(
    `withdrawal #${latest.withdrawalId} on ${ctx.chain}: not mined in time, replaced with higher fees (nonce ${latest.nonce})`,
  );
  return { id, rawTx: raw };
}

async function broadcastStored(ctx: SenderContext, send: { id: number; rawTx: string }): Promise<void> {
  await ctx.broadcast(send.rawTx as Hex);
  await ctx.database.db
    .update(withdrawalSends)
    .set({ broadcastAt: ctx.now() })
    .where(eq(withdrawalSends.id, send.id));
}

export async function trackSends(ctx: SenderContext, run: SenderRun): Promise<void> {
  const open = await ctx.database.db
    .select({ id: withdrawals.id, confirmations: withdrawals.confirmations })
    .from(withdrawals)
    .where(and(eq(withdrawals.chain, ctx.chain), eq(withdrawals.status, 'processing')));
  if (open.length === 0) return;
  const sends = await ctx.database.db
    .select()
    .from(withdrawalSends)
    .where(
      and(
        eq(withdrawalSends.chain, ctx.chain),
        inArray(
          withdrawalSends.withdrawalId,
          open.map((o) => o.id),
        ),
        inArray(withdrawalSends.status, ['pending', 'replaced']),
      ),
    )
    .orderBy(asc(withdrawalSends.attempt));
  const byWithdrawal = Map.groupBy(sends, (s) => s.withdrawalId);
  const confirmationsOf = new Map(open.map((o) => [o.id, o.confirmations]));
  const head = await ctx.rpc.getBlockNumber({ cacheTime: 0 });
  for (const [withdrawalId, attempts] of byWithdrawal) {
    const latest = attempts[attempts.length - 1] as Send;
    let mined: { send: Send; block: bigint; ok: boolean } | null = null;
    for (const s of attempts) {
      const receipt = await receiptOf(ctx, s.txHash);
      if (receipt) mined = { send: s, block: receipt.blockNumber, ok: receipt.status === 'success' };
    }
    if (mined) {
      const depth = Number(head - mined.block + 1n);
      if (!mined.ok) {
        if (await settle(ctx, withdrawalId, mined.send, 'failed')) run.failed += 1;
      } else if (depth >= ctx.confirmations) {
        if (await settle(ctx, withdrawalId, mined.send, 'mined', depth)) run.completed += 1;
      } else if (depth !== confirmationsOf.get(withdrawalId)) {
        await recordConfirmations(ctx.database.db, withdrawalId, depth);
      }
      continue;
    }
    // In no block (yet, or any more after a reorg): nothing on top of it.
    if (confirmationsOf.get(withdrawalId)) await recordConfirmations(ctx.database.db, withdrawalId, 0);
    const known = await ctx.rpc.getTransaction({ hash: latest.txHash as Hex }).catch(() => null);
    if (!known) {
      // Never broadcast (a crash), dropped, or taken off the chain by a reorg: the same bytes again.
      await broadcastStored(ctx, latest);
      run.rebroadcast += 1;
    } else if (
      // Only the key that signed a send can replace it (after a key change the old sends still
      // complete or are rebroadcast as they are).
      latest.sender === ctx.address.toLowerCase() &&
      ctx.now().getTime() - latest.signedAt.getTime() >= ctx.replaceAfterMs
    ) {
      const next = await replace(ctx, latest);
      run.replaced += 1;
      await broadcastStored(ctx, next);
    }
  }
}
