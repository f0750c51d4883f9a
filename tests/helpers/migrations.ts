/**
 * The migrations folder, and copies of it that stop before a migration: the data-migration tests
 * build a database as it stood before one, write rows in the old shape, then migrate the rest.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const MIGRATIONS = path.resolve(import.meta.dirname, '../../server/db/migrations');

/** A copy of the migrations folder that stops before `idx` (the caller removes it). */
export function migrationsBefore(idx: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const kept = journal.entries.filter((e) => e.idx < idx);
  for (const e of kept) copyFileSync(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  return dir;
}
