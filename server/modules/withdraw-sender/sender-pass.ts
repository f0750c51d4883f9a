/**
 * One pass of a chain's withdraw sender (docs/withdrawals.md, "The sender"), under the chain's
 * advisory lock so that one process per deployment sends (and a unique index on the chain, the
 * sending address and the nonce refuses a second signer even so):
 * 1. in-flight sends are followed: completed after the chain's confirmations, failed when
 *    reverted, broadcast again when the node does not know them, replaced when stuck;
 * 2. submitted withdrawals within their coin's auto limit are reviewed;
 * 3. reviewed withdrawals are signed, stored and broadcast, as far as the hot wallet can pay.
 */
import { eq } from 'drizzle-orm';
import { underAdvisoryLock } from '../../jobs/periodic-job.ts';
import { evmCoinsOn } from '../chain-watch/index.ts';
import { chains } from '../config/index.ts';
import { autoApprove } from './auto-approve.ts';
import { sendNew } from './send-new.ts';
import {
  emptyRun,
  type SenderContext,
  type SenderOptions,
  type SenderRun,
  senderLockKey,
} from './sender-context.ts';
import { trackSends } from './track-sends.ts';

async function contextOf(options: SenderOptions): Promise<SenderContext | null> {
  const [chain] = await options.database.db.select().from(chains).where(eq(chains.id, options.chain));
  if (!chain?.enabled || chain.family !== 'evm' || chain.evmChainId === null) return null;
  const list = await evmCoinsOn(options.database.db, options.chain);
  return {
    ...options,
    broadcast: options.broadcast ?? ((raw) => options.rpc.sendRawTransaction({ serializedTransaction: raw })),
    log: options.log ?? (() => undefined),
    chainId: chain.evmChainId,
    confirmations: chain.confirmations,
    coins: new Map(list.map((c) => [c.coin, c])),
    native: list.find((c) => c.contract === null) ?? null,
    address: options.account.address,
  };
}

export async function sendOnce(options: SenderOptions): Promise<SenderRun> {
  const locked = await underAdvisoryLock(options.database, senderLockKey(options.chain), async () => {
    const run = emptyRun(true);
    const ctx = await contextOf(options);
    if (!ctx) return run;
    await trackSends(ctx, run);
    run.approved = await autoApprove(ctx.database, ctx.chain);
    await sendNew(ctx, run);
    return run;
  });
  return locked.result ?? emptyRun(false);
}
