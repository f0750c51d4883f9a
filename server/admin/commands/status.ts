import { readFileSync } from 'node:fs';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { idempotencyKeys } from '../../http/idempotency/idempotency.schema.ts';
import { chains, coins, settings } from '../../modules/config/config.schema.ts';
import { publicTestKeysInUse } from '../../modules/deposit/index.ts';
import { withdrawSenderPauses } from '../../modules/withdraw-sender/index.ts';
import { adminAudit } from '../audit.schema.ts';
import type { AdminCommand } from '../command.ts';

type CountedTable =
  | typeof coins
  | typeof chains
  | typeof settings
  | typeof idempotencyKeys
  | typeof adminAudit;

function knownMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
  return (journal.entries as unknown[]).length;
}

export const statusCommand: AdminCommand = {
  name: 'status',
  summary: 'Database kind, migrations and row counts',
  usage: 'status',
  mutating: false,
  options: {},
  async run(ctx) {
    const applied = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    const countOf = async (table: CountedTable) =>
      (await ctx.db.select({ n: count() }).from(table))[0]?.n ?? 0;
    const testKeys = await publicTestKeysInUse(ctx.db);
    const pauses = await ctx.db.select().from(withdrawSenderPauses);
    const json = {
      database: { kind: ctx.database.kind, location: ctx.database.location },
      via: ctx.via,
      migrations: { applied: Number(applied[0]?.n ?? 0), known: knownMigrations() },
      counts: {
        coins: await countOf(coins),
        chains: await countOf(chains),
        settings: await countOf(settings),
        idempotencyKeys: await countOf(idempotencyKeys),
        auditEntries: await countOf(adminAudit),
      },
      warnings: [
        ...testKeys.map(
          (family) =>
            `the ${family} deposit key is a public test key: do not send real funds (admin config xpub)`,
        ),
        ...pauses.map(
          (p) => `withdrawals of ${p.coin} on ${p.chain} are paused: ${p.reason} (admin hotwallet status)`,
        ),
      ],
    };
    const text = [
      `database         ${json.database.kind} (${json.database.location})`,
      `reached          ${json.via === 'server' ? 'through the running server' : 'directly'}`,
      `migrations       ${json.migrations.applied} of ${json.migrations.known} applied`,
      ...Object.entries(json.counts).map(([k, n]) => `${k.padEnd(16)} ${n}`),
      ...json.warnings.map((w) => `WARNING          ${w}`),
    ].join('\n');
    return { text, json };
  },
};
