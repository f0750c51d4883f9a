import type { Database, Db } from '../server/db/client.ts';
import { type AuditReport, auditLedger } from '../server/ledger/audit.ts';
import { credit, postEntry, transfer, userAccount } from '../server/ledger/ledger.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { integerFormat } from './ledger-report.ts';
import {
  COIN,
  DEPOSIT_AMOUNT,
  FUNDING_WORKERS,
  LEVELS,
  log,
  type Settings,
  TRANSFER_AMOUNT,
} from './ledger-settings.ts';

// ---------------------------------------------------------------------------------------------
// The ledger load

const wallet = (n: number): string => `0x${n.toString(16).padStart(40, '0')}`;

interface LedgerRun {
  clients: number;
  /** 1-based: each level runs `rounds` times on PostgreSQL, once on PGlite. */
  round: number;
  ops: number;
  seconds: number;
  errors: number;
  firstError: string | undefined;
}

export const opsPerSecond = (run: LedgerRun): number => run.ops / run.seconds;

/** Gives every user a deposit, FUNDING_WORKERS at a time. */
async function fundUsers(db: Db, users: number, runId: string): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < users) {
      const n = next++;
      await postEntry(db, {
        type: 'deposit',
        idempotencyKey: `bench:${runId}:deposit:${n}`,
        reference: 'bench:ledger',
        postings: credit(wallet(n), 'deposits_clearing', COIN, DEPOSIT_AMOUNT),
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(FUNDING_WORKERS, users) }, worker));
}

/**
 * `clients` loops, each posting transfers between two random users (a -> b, then b -> a) until
 * `seconds` have passed. Entries that started before the deadline count; the rate is over the
 * time until the last one finished.
 */
async function ledgerLoad(
  db: Db,
  users: number,
  clients: number,
  seconds: number,
  tag: string,
  round = 0,
): Promise<LedgerRun> {
  let ops = 0;
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const client = async (index: number): Promise<void> => {
    let seq = 0;
    const once = async (from: number, to: number): Promise<void> => {
      try {
        await postEntry(db, {
          type: 'system_adjustment',
          idempotencyKey: `bench:${tag}:${index}:${seq++}`,
          reference: 'bench:ledger',
          postings: transfer(userAccount(wallet(from)), userAccount(wallet(to)), COIN, TRANSFER_AMOUNT),
        });
        ops += 1;
      } catch (error) {
        errors += 1;
        firstError ??= (error as Error).message;
      }
    };
    while (performance.now() < deadline) {
      const a = Math.floor(Math.random() * users);
      const b = (a + 1 + Math.floor(Math.random() * (users - 1))) % users;
      await once(a, b);
      if (performance.now() >= deadline) break;
      await once(b, a);
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  return { clients, round, ops, seconds: (performance.now() - started) / 1000, errors, firstError };
}

export interface LedgerResult {
  /** Measured runs, one per level and round. */
  runs: LedgerRun[];
  audit: AuditReport;
  failures: string[];
}

/** Warm-up and measured levels on a funded ledger, then the audit and the entry count check. */
export async function measureLedger(
  name: string,
  loadDb: Db,
  auditDb: Db,
  settings: Settings,
  runId: string,
  anchor?: { rounds: number; run: (clients: number, round: number) => Promise<void> },
): Promise<LedgerResult> {
  const baseline = await auditLedger(auditDb);
  const failures: string[] = [];
  let counted = 0;
  const check = (run: LedgerRun, phase: string): void => {
    counted += run.ops;
    if (run.errors > 0) {
      failures.push(
        `${name} ${phase} at ${run.clients} clients: ${run.errors} entries failed (first: ${run.firstError})`,
      );
    }
    if (run.ops === 0) failures.push(`${name} ${phase} at ${run.clients} clients: no entry posted`);
  };
  const top = Math.max(...LEVELS);
  if (settings.warmupSeconds > 0) {
    log(`${name}: warming up the ledger, ${top} clients for ${settings.warmupSeconds} s`);
    check(
      await ledgerLoad(loadDb, settings.users, top, settings.warmupSeconds, `${runId}:warm-up`),
      'warm-up',
    );
  }
  const runs: LedgerRun[] = [];
  // With an anchor, each level runs in paired rounds, the ledger and the anchor back to back, the
  // order swapped every round: a single pair depended on what ran just before it (a checkpoint, the
  // previous benchmark of `npm run bench`), and each round's ratio compares runs seconds apart.
  for (const clients of LEVELS) {
    for (let round = 1; round <= (anchor?.rounds ?? 1); round += 1) {
      const anchorFirst = anchor !== undefined && round % 2 === 0;
      if (anchorFirst) await anchor.run(clients, round);
      log(`${name}: ledger, ${clients} clients for ${settings.seconds} s (round ${round})`);
      const tag = `${runId}:${clients}:${round}`;
      const run = await ledgerLoad(loadDb, settings.users, clients, settings.seconds, tag, round);
      check(run, 'run');
      runs.push(run);
      log(`${name}: ledger, ${clients} clients: ${integerFormat.format(opsPerSecond(run))} entries/s`);
      if (anchor && !anchorFirst) await anchor.run(clients, round);
    }
  }
  const audit = await auditLedger(auditDb);
  if (!audit.ok) failures.push(`${name} audit failed: ${JSON.stringify(audit)}`);
  if (audit.entries - baseline.entries !== counted) {
    failures.push(
      `${name}: the journal holds ${audit.entries - baseline.entries} new entries, the bench counted ${counted}`,
    );
  }
  return { runs, audit, failures };
}

export async function prepareLedger(database: Database, settings: Settings, runId: string): Promise<void> {
  await database.migrate();
  await seedDemo(database);
  const started = performance.now();
  await fundUsers(database.db, settings.users, runId);
  log(
    `${database.kind}: ${settings.users} users funded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
