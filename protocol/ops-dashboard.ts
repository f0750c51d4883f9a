/**
 * The console's dashboard answer (`dashboard` call, server/ops/dashboard.ts): the books' audit, the
 * pools against their promises, hot wallets, feeds, jobs, the latest solvency snapshot and the work
 * waiting. Kept apart from protocol/ops.ts, which holds the console's roles, calls and requests.
 */
export interface PoolCoverage {
  account: string;
  coin: string;
  balance: string;
  /**
   * What the pool has promised and set aside, not yet paid: the paired reserve account's balance
   * (staking_reserved for the staking pool, mining_reserved for the mining pool), else '0'.
   */
  promised: string;
  /** balance / promised (free money per unit promised), or null when nothing is promised. */
  coverage: string | null;
}

export interface JobHealth {
  job: string;
  /** Unix ms of its last finished run in this server process, or null. */
  lastRun: number | null;
  /** How its last run ended: its log line, `failed: …`, or null. */
  lastOutcome: string | null;
  /** Whether a run is going on in this process now (it holds the job's lock). */
  running: boolean;
}

export interface HotWalletHealth {
  chain: string;
  /** The hot wallet's address, or null when withdrawals on this chain are sent by hand. */
  address: string | null;
  balances: { coin: string; balance: string }[];
  paused: { coin: string; reason: string; since: number }[];
  error: string | null;
}

export interface FeedHealth {
  instrument: string;
  source: string;
  state: string;
  /** Unix ms of the last tick, or null. */
  lastTick: number | null;
  /** now - lastTick, or null. */
  lagMs: number | null;
}

export interface Dashboard {
  audit: { balanced: boolean; problems: number; checkedAt: number };
  pools: PoolCoverage[];
  hotWallets: HotWalletHealth[];
  feeds: FeedHealth[];
  jobs: JobHealth[];
  /**
   * The latest complete snapshot. `journalThrough` is the posting its journal check reached (the
   * checkpoint the next snapshot sums from), null when it could not take one (docs/solvency.md).
   */
  solvency: {
    id: number;
    takenAt: number;
    users: number;
    rootHash: string;
    journalThrough: number | null;
  } | null;
  withdrawalsWaiting: number;
  approvalsPending: number;
}
