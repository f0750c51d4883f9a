/**
 * The console's dashboard (docs/operations.md): the books' audit, each pool against what it has
 * promised, hot wallets, feeds, jobs, the latest solvency snapshot and what waits for someone.
 * The audit (from its checkpoint) and the hot wallets' chain reads are the expensive parts: kept
 * for a minute per process, so a team with the dashboard open does not redo them on every refresh.
 */
import { sql } from 'drizzle-orm';
import { POOL_ACCOUNTS } from '../../protocol/ledger.ts';
import { dec, fmt } from '../../protocol/money.ts';
import type { Dashboard, FeedHealth, HotWalletHealth, PoolCoverage } from '../../protocol/ops-dashboard.ts';
import { pendingApprovalCount } from '../admin/approvals.ts';
import { ADMIN_COMMANDS } from '../admin/registry.ts';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { jobRecords } from '../jobs/periodic-job.ts';
import { auditFromCheckpoint } from '../ledger/audit-checkpoint.ts';
import { SYSTEM_OWNER } from '../ledger/ledger.ts';

const KEEP_MS = 60_000;
/** A pool and the reserve account its promises are set aside in. */
const RESERVE_OF: Readonly<Record<string, string>> = {
  staking_reward_pool: 'staking_reserved',
  mining_output_pool: 'mining_reserved',
};

function kept<T>(load: () => Promise<T>): (now: number) => Promise<T> {
  let value: { at: number; promise: Promise<T> } | null = null;
  return (now) => {
    if (!value || now - value.at > KEEP_MS) {
      const promise = load();
      value = { at: now, promise };
      promise.catch(() => {
        value = null;
      });
    }
    return value.promise;
  };
}

export async function poolCoverage(database: Database): Promise<PoolCoverage[]> {
  const rows = rowsOf<{ bucket: string; coin: string; balance: unknown }>(
    await database.db.execute(
      sql`select bucket, coin, balance from ledger_accounts where owner = ${SYSTEM_OWNER} order by bucket, coin`,
    ),
  );
  const balance = new Map(rows.map((r) => [`${r.bucket}/${r.coin}`, dec(String(r.balance))]));
  return rows
    .filter((r) => (POOL_ACCOUNTS as readonly string[]).includes(r.bucket))
    .map((r) => {
      const reserve = RESERVE_OF[r.bucket];
      const promised = reserve ? (balance.get(`${reserve}/${r.coin}`) ?? dec(0)) : dec(0);
      const held = dec(String(r.balance));
      return {
        account: r.bucket,
        coin: r.coin,
        balance: fmt(held),
        promised: fmt(promised),
        coverage: promised.isZero() ? null : fmt(held.div(promised).toDecimalPlaces(4)),
      };
    });
}

/**
 * A read-only command's answer, run as the CLI's own code but not through the runner: a
 * dashboard refresh is not an operator's action, and would fill the audit with reads.
 */
async function commandJson<T>(database: Database, name: string): Promise<T | null> {
  const command = ADMIN_COMMANDS.find((c) => c.name === name && !c.mutating);
  if (!command) throw new Error(`no read-only command ${name}`);
  const output = await command.run(
    {
      db: database.db,
      database,
      actor: 'console',
      reason: null,
      via: 'server',
      afterCommit: () => undefined,
    },
    { positionals: [], values: {} },
  );
  return output.exitCode === 1 ? null : (output.json as T);
}

export function dashboardReader(database: Database) {
  const audit = kept(async () => {
    // From the checkpoint the last clean run left: the balances and the postings since, not the
    // whole journal every minute (docs/ledger.md, "The audit from a checkpoint").
    const report = await auditFromCheckpoint(database.db);
    const unbalanced = Object.values(report.sums).filter((s) => !dec(s).isZero()).length;
    return {
      balanced: report.ok,
      problems: unbalanced + report.mismatchedAccounts + report.negativeBalances,
      checkedAt: Date.now(),
    };
  });
  const hotWallets = kept(async () => {
    const wallets = await commandJson<HotWalletHealth[]>(database, 'hotwallet status');
    return wallets ?? [];
  });
  return async (now: number): Promise<Dashboard> => {
    const feeds =
      (
        await commandJson<{
          instruments: { symbol: string; source: string; state: string; lastTickAt: string | null }[];
        }>(database, 'markets status')
      )?.instruments ?? [];
    const solvency = await commandJson<{
      snapshots: {
        id: number;
        takenAt: number;
        userCount: number;
        rootHash: string;
        journalThrough: number | null;
      }[];
    }>(database, 'solvency list');
    const latest = solvency?.snapshots[0];
    const [waiting] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from withdrawals where status = 'submitted'`),
    );
    return {
      audit: await audit(now),
      pools: await poolCoverage(database),
      hotWallets: await hotWallets(now),
      feeds: feeds.map((f): FeedHealth => {
        const lastTick = f.lastTickAt ? Date.parse(f.lastTickAt) : null;
        return {
          instrument: f.symbol,
          source: f.source,
          state: f.state,
          lastTick,
          lagMs: lastTick === null ? null : Math.max(0, now - lastTick),
        };
      }),
      jobs: jobRecords(),
      solvency: latest
        ? {
            id: Number(latest.id),
            takenAt: latest.takenAt,
            users: latest.userCount,
            rootHash: latest.rootHash,
            journalThrough: latest.journalThrough,
          }
        : null,
      withdrawalsWaiting: Number(waiting?.n ?? 0),
      approvalsPending: await pendingApprovalCount(database.db, new Date(now)),
    };
  };
}
