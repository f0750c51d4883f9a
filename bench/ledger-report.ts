import type { AuditReport } from '../server/ledger/audit.ts';
import type { PostgresResult } from './ledger-databases.ts';
import { type LedgerResult, opsPerSecond } from './ledger-load.ts';
import { COIN, hostOf, LEVELS, type Settings, TRANSFER_AMOUNT } from './ledger-settings.ts';
import { type Figure, median } from './lib/report.ts';

// ---------------------------------------------------------------------------------------------
// Report

export const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function table(rows: string[][]): string {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padStart(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function auditLine(name: string, audit: AuditReport): string {
  return (
    `audit ${name}: ${audit.ok ? 'ok' : 'FAILED'}, ${integerFormat.format(audit.entries)} entries, ` +
    `${integerFormat.format(audit.accounts)} accounts, ${audit.mismatchedAccounts} mismatched, ` +
    `${audit.negativeBalances} negative`
  );
}

/** One level on PostgreSQL: each round's ratio, their median, and the medians of either side. */
function pairedLevel(
  postgres: PostgresResult,
  clients: number,
): { perRound: number[]; ratio: number; ledger: number; tps: number } | undefined {
  const pairs = postgres.runs.flatMap((run) => {
    const tps = run.clients === clients ? postgres.tps.get(`${clients}:${run.round}`) : undefined;
    return tps === undefined ? [] : [{ ledger: opsPerSecond(run), tps }];
  });
  if (pairs.length === 0) return undefined;
  const perRound = pairs.map((pair) => pair.ledger / pair.tps);
  return {
    perRound,
    ratio: median(perRound),
    ledger: median(pairs.map((pair) => pair.ledger)),
    tps: median(pairs.map((pair) => pair.tps)),
  };
}

export function report(
  settings: Settings,
  postgres: PostgresResult | undefined,
  postgresMissing: string | undefined,
  pglite: LedgerResult,
  failures: readonly string[],
): string {
  const where = postgres
    ? `PostgreSQL ${postgres.server} at ${hostOf(settings.adminUrl)}`
    : 'PostgreSQL not reachable';
  const lines = [
    `ledger throughput: ${settings.seconds} s per level and round (${settings.rounds} paired rounds on ` +
      `PostgreSQL) after a ${settings.warmupSeconds} s warm-up, ` +
      `${integerFormat.format(settings.users)} users, transfers of ${TRANSFER_AMOUNT} ${COIN}, ${where}; ` +
      'pgbench TPC-B-like, scale 1, same server',
    '',
  ];
  const rows = [['clients', 'ledger ops/s (PG)', 'pgbench tps', 'ratio', 'ledger ops/s (PGlite)']];
  const ratios: string[] = [];
  for (const clients of LEVELS) {
    const pair = postgres ? pairedLevel(postgres, clients) : undefined;
    const lite = pglite.runs.find((r) => r.clients === clients);
    const ratio = pair ? pair.ratio.toFixed(2) : 'n/a';
    rows.push([
      String(clients),
      pair ? integerFormat.format(pair.ledger) : 'n/a',
      pair ? integerFormat.format(pair.tps) : 'n/a',
      ratio,
      lite ? integerFormat.format(opsPerSecond(lite)) : 'n/a',
    ]);
    ratios.push(
      `ledger/pgbench at ${clients} clients: ${ratio}` +
        (pair ? ` (median of ${pair.perRound.map((r) => r.toFixed(2)).join(', ')})` : ''),
    );
  }
  lines.push(table(rows), '', ...ratios, '');
  if (postgres) lines.push(auditLine('PostgreSQL', postgres.audit));
  lines.push(auditLine('PGlite', pglite.audit));
  if (postgresMissing) {
    lines.push(
      `note: PostgreSQL not reachable at ${hostOf(settings.adminUrl)} (${postgresMissing}): ` +
        'only PGlite was measured (set BENCH_DATABASE_URL to point at a server)',
    );
  }
  if (failures.length === 0) {
    lines.push(
      `every entry posted and ${postgres ? 'both ledgers audit' : 'the PGlite ledger audits'} clean`,
    );
  } else lines.push('FAILED:', ...failures.map((failure) => `  ${failure}`));
  return `${lines.join('\n')}\n`;
}

/** Issue #19's goal: ledger entries at 0.8x or more of pgbench's TPC-B transactions at 8 clients. */
const GOAL_CLIENTS = 8;
const GOAL_RATIO = 0.8;

export function figures(postgres: PostgresResult | undefined): Figure[] {
  const pair = postgres ? pairedLevel(postgres, GOAL_CLIENTS) : undefined;
  if (!pair) return [];
  return [
    {
      figure: `ledger entries/s, PostgreSQL, ${GOAL_CLIENTS} clients`,
      value: pair.ledger,
      unit: 'entries/s',
      anchor: pair.tps,
      anchorName: 'pgbench TPC-B tps',
      ratio: pair.ratio,
      goal: `ratio >= ${GOAL_RATIO}`,
      met: pair.ratio >= GOAL_RATIO,
      note: `median of ${pair.perRound.length} paired rounds`,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
