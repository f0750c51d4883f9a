/**
 * The EVM chain watcher (docs/deposit-addresses.md): follows a chain's blocks over JSON-RPC and
 * moves deposits to the users' derived addresses along detected -> confirming -> credited.
 *
 * One pass (`watchChainOnce`), under the chain's advisory lock so one process per deployment runs it:
 * 1. if the block at the stored cursor has changed (a reorg), the cursor steps back past the
 *    confirmation depth and the range is read again;
 * 2. deposits not yet credited whose block is no longer on the chain are dropped;
 * 3. the next blocks are read: `Transfer` logs of the configured tokens and plain transfers of the
 *    chain's own coin to a deposit address are recorded as detected, together with the new cursor
 *    in one transaction, so a watcher killed at any point resumes without a gap or a double;
 * 4. each open deposit's confirmations are counted from the head; one that has the chain's number
 *    of them, in a block still on the chain, is credited (once ever: txid and log index).
 */
import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import { type Block, type Hex, type PublicClient, parseAbiItem } from 'viem';
import type { Database, Tx } from '../../db/client.ts';
import { underAdvisoryLock } from '../../jobs/periodic-job.ts';
import { chains } from '../config/index.ts';
import { advanceDeposit, chainCursors, depositAddresses, deposits, detectDeposit } from '../deposit/index.ts';
import { evmCoinsOn } from './evm-coins.ts';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
/** Blocks read in one pass at most, so a watcher far behind catches up in steps. */
export const MAX_BLOCKS_PER_PASS = 200;

export interface WatchRun {
  ran: boolean;
  scanned: number;
  detected: number;
  credited: number;
  dropped: number;
  rewound: boolean;
}

/** The chain's advisory lock key: "W" and a hash of its id, so chains are watched independently. */
export function watcherLockKey(chain: string): number {
  let h = 0;
  for (const c of chain) h = (h * 31 + c.charCodeAt(0)) & 0xffffff;
  return 0x57000000 + h;
}

/** `value` at `decimals` on chain as a decimal string cut to `precision` places (dust is not credited). */
export function amountAt(value: bigint, decimals: number, precision: number): string {
  const cut = decimals > precision ? value / 10n ** BigInt(decimals - precision) : value;
  const places = Math.min(decimals, precision);
  const digits = cut.toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

interface Watched {
  confirmations: number;
  tokens: Map<string, { coin: string; decimals: number; precision: number }>;
  native: { coin: string; precision: number } | null;
  users: Map<string, string>;
}

async function watchedOf(database: Database, chain: string): Promise<Watched | null> {
  const db = database.db;
  const [row] = await db.select().from(chains).where(eq(chains.id, chain));
  if (!row?.enabled || row.family !== 'evm') return null;
  const tokens = new Map<string, { coin: string; decimals: number; precision: number }>();
  let native: Watched['native'] = null;
  for (const c of await evmCoinsOn(db, chain, { enabledOnly: true })) {
    if (!c.contract) native = { coin: c.coin, precision: c.precision };
    else tokens.set(c.contract.toLowerCase(), { coin: c.coin, decimals: c.decimals, precision: c.precision });
  }
  const addresses = await db
    .select({ user: depositAddresses.user, address: depositAddresses.address })
    .from(depositAddresses)
    .where(eq(depositAddresses.chain, chain));
  return {
    confirmations: row.confirmations,
    tokens,
    native,
    users: new Map(addresses.map((a) => [a.address.toLowerCase(), a.user])),
  };
}

/** One pass over one chain. `rpc` is the chain's JSON-RPC client. */
export async function watchChainOnce(
  database: Database,
  chain: string,
  rpc: PublicClient,
): Promise<WatchRun> {
  const run = await underAdvisoryLock(database, watcherLockKey(chain), () => pass(database, chain, rpc));
  return run.result ?? { ran: false, scanned: 0, detected: 0, credited: 0, dropped: 0, rewound: false };
}

async function pass(database: Database, chain: string, rpc: PublicClient): Promise<WatchRun> {
  const run: WatchRun = { ran: true, scanned: 0, detected: 0, credited: 0, dropped: 0, rewound: false };
  const watched = await watchedOf(database, chain);
  if (!watched) return run;
  const db = database.db;
  // Never a cached head: viem keeps one for its polling interval by default.
  const head = Number(await rpc.getBlockNumber({ cacheTime: 0 }));
  const hashes = new Map<number, Hex | null>();
  const hashAt = async (n: number): Promise<Hex | null> => {
    if (!hashes.has(n)) {
      const block = n > head ? null : await rpc.getBlock({ blockNumber: BigInt(n) }).catch(() => null);
      hashes.set(n, block?.hash ?? null);
    }
    return hashes.get(n) ?? null;
  };

  // 1. The cursor: first run starts at the head less the confirmation depth; a changed block rewinds.
  let [cursor] = await db.select().from(chainCursors).where(eq(chainCursors.chain, chain));
  if (!cursor || (await hashAt(cursor.blockNumber)) !== cursor.blockHash) {
    const from = cursor
      ? Math.max(0, Math.min(cursor.blockNumber, head) - watched.confirmations - 1)
      : Math.max(0, head - watched.confirmations);
    const hash = await hashAt(from);
    if (!hash) return run;
    run.rewound = cursor !== undefined;
    const row = { chain, blockNumber: from, blockHash: hash, updatedAt: new Date() };
    await db.insert(chainCursors).values(row).onConflictDoUpdate({ target: chainCursors.chain, set: row });
    cursor = row;
  }

  // 2. Deposits whose block left the chain are dropped before they can be credited.
  const open = await openDeposits(db, chain);
  for (const d of open) {
    if ((await hashAt(d.blockNumber as number)) === d.blockHash) continue;
    const gone = await db
      .delete(deposits)
      .where(and(eq(deposits.id, d.id), inArray(deposits.status, ['detected', 'confirming'])))
      .returning({ id: deposits.id });
    run.dropped += gone.length;
  }

  // 3. The next blocks, recorded with the new cursor in one transaction.
  const from = cursor.blockNumber + 1;
  const to = Math.min(head, cursor.blockNumber + MAX_BLOCKS_PER_PASS);
  if (from <= to) {
    // The last block before and after reading: if it changed, the range was read across a reorg
    // and is read again on the next pass, from the same cursor.
    const last = await rpc.getBlock({ blockNumber: BigInt(to) });
    const seen = await transfersIn(rpc, watched, from, to);
    const again = await rpc.getBlock({ blockNumber: BigInt(to) }).catch(() => null);
    if (again?.hash !== last.hash) return run;
    await db.transaction(async (tx) => {
      for (const s of seen) if (await record(tx, chain, s)) run.detected += 1;
      await tx
        .update(chainCursors)
        .set({ blockNumber: to, blockHash: last.hash as Hex, updatedAt: new Date() })
        .where(eq(chainCursors.chain, chain));
    });
    run.scanned = to - from + 1;
  }

  // 4. Confirmations, and crediting once deep enough in a block still on the chain.
  const pending = await openDeposits(db, chain);
  for (const d of pending) {
    const depth = head - (d.blockNumber as number) + 1;
    if (depth < 1) continue;
    const due = depth >= watched.confirmations && (await hashAt(d.blockNumber as number)) === d.blockHash;
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(deposits).where(eq(deposits.id, d.id)).for('update');
      if (!row || row.status === 'credited') return;
      await tx.update(deposits).set({ confirmations: depth }).where(eq(deposits.id, d.id));
      if (row.status === 'detected') await advanceDeposit(tx, d.id, 'confirming');
      if (due) {
        await advanceDeposit(tx, d.id, 'credited');
        run.credited += 1;
      }
    });
  }
  return run;
}

interface Seen {
  user: string;
  coin: string;
  amount: string;
  txid: string;
  logIndex: number;
  block: { number: number; hash: string };
}

/** Deposits seen in a block of `chain` and not yet credited: re-checked for reorgs and depth. */
function openDeposits(db: Database['db'], chain: string) {
  return db
    .select()
    .from(deposits)
    .where(
      and(
        eq(deposits.chain, chain),
        inArray(deposits.status, ['detected', 'confirming']),
        isNotNull(deposits.blockNumber),
      ),
    );
}

async function transfersIn(rpc: PublicClient, w: Watched, from: number, to: number): Promise<Seen[]> {
  const seen: Seen[] = [];
  if (w.tokens.size > 0) {
    const logs = await rpc.getLogs({
      address: [...w.tokens.keys()] as Hex[],
      event: TRANSFER,
      fromBlock: BigInt(from),
      toBlock: BigInt(to),
    });
    for (const log of logs) {
      const token = w.tokens.get(log.address.toLowerCase());
      const user = w.users.get((log.args.to ?? '').toLowerCase());
      if (!token || !user || log.removed || log.args.value === undefined) continue;
      const amount = amountAt(log.args.value, token.decimals, token.precision);
      if (amount === '0') continue;
      seen.push({
        user,
        coin: token.coin,
        amount,
        txid: log.transactionHash,
        logIndex: log.logIndex,
        block: { number: Number(log.blockNumber), hash: log.blockHash },
      });
    }
  }
  if (w.native) {
    for (let n = from; n <= to; n += 1) {
      const block: Block<bigint, true> = await rpc.getBlock({
        blockNumber: BigInt(n),
        includeTransactions: true,
      });
      for (const tx of block.transactions) {
        const user = w.users.get((tx.to ?? '').toLowerCase());
        if (!user || tx.value === 0n) continue;
        const amount = amountAt(tx.value, 18, w.native.precision);
        if (amount === '0') continue;
        seen.push({
          user,
          coin: w.native.coin,
          amount,
          txid: tx.hash,
          logIndex: -1,
          block: { number: n, hash: block.hash as string },
        });
      }
    }
  }
  return seen;
}

/** Records a transfer as detected; one seen again (a re-read after a reorg) moves to its new block. */
async function record(tx: Tx, chain: string, s: Seen): Promise<boolean> {
  const [known] = await tx
    .select()
    .from(deposits)
    .where(
      and(
        eq(deposits.chain, chain),
        eq(deposits.txid, s.txid),
        // The operator may have reported this transaction by hand before the watcher saw it: that
        // report (no block, log index -1) stands for the whole transaction, and is never doubled.
        or(eq(deposits.logIndex, s.logIndex), and(eq(deposits.logIndex, -1), isNull(deposits.blockNumber))),
      ),
    );
  if (known) {
    if (known.status !== 'credited' && known.blockHash !== s.block.hash)
      await tx
        .update(deposits)
        .set({ blockNumber: s.block.number, blockHash: s.block.hash })
        .where(eq(deposits.id, known.id));
    return false;
  }
  await detectDeposit(tx, {
    wallet: s.user,
    coin: s.coin,
    chain,
    amount: s.amount,
    txid: s.txid,
    logIndex: s.logIndex,
    block: s.block,
  });
  return true;
}
