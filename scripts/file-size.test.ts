/**
 * The code rule "small files that do one thing (none over 400 lines)" (docs/architecture.md,
 * "Enforced"), checked on every file git tracks: a file that grows past it is split, not excused.
 * Prose, data and generated files are not code and are left out.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const MAX_LINES = 400;
/** Source files, by their ending. */
const CODE = /\.(ts|tsx|mjs|js|css|sql|sh)$/;
/** Generated files: drizzle's migration snapshots (JSON, left out by their ending too). */
const NOT_CODE = /(^|\/)migrations\/meta\//;

/** Files over `max` lines among `files` (paths from the root), with their counts. */
function oversized(files: string[], lines: (file: string) => number, max = MAX_LINES) {
  return files
    .filter((file) => CODE.test(file) && !NOT_CODE.test(file))
    .map((file) => ({ file, lines: lines(file) }))
    .filter(({ lines: count }) => count > max);
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe('file size', () => {
  it('counts lines and keeps prose and generated files out', () => {
    const texts: Record<string, string> = {
      'a.ts': 'x\n'.repeat(401),
      'b.ts': 'x\n'.repeat(400),
      'docs/long.md': 'x\n'.repeat(900),
      'server/db/migrations/meta/0001_snapshot.json': 'x\n'.repeat(900),
      'server/db/migrations/meta/generated.ts': 'x\n'.repeat(900),
    };
    const found = oversized(Object.keys(texts), (file) => lineCount(texts[file] ?? ''));
    expect(found).toEqual([{ file: 'a.ts', lines: 401 }]);
  });

  it(`no source file is over ${MAX_LINES} lines`, () => {
    const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    const found = oversized(files, (file) => lineCount(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });
});
