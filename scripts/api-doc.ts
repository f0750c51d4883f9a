/**
 * Generates docs/api.md, the API reference, from the protocol modules, so that the reference
 * cannot drift from the contract the client and server share. `renderApiReference()` is pure;
 * running the file writes docs/api.md, and `--check` only compares (exit 1 when it differs).
 *
 *   node scripts/api-doc.ts           write docs/api.md
 *   node scripts/api-doc.ts --check   fail when docs/api.md is not what would be written
 *
 * The parts: scripts/api-doc-markdown.ts, api-doc-fields.ts (hand-written) and api-doc-sections.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderApiReference } from './api-doc-sections.ts';

export { CHECK_ORDER } from './api-doc-fields.ts';
export { renderApiReference };

export const API_DOC_PATH = path.resolve(import.meta.dirname, '..', 'docs', 'api.md');

// ---------------------------------------------------------------------------------------------
// Command line

function firstDifference(a: string, b: string): number {
  const left = a.split('\n');
  const right = b.split('\n');
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    if (left[i] !== right[i]) return i + 1;
  }
  return 0;
}

function main(args: readonly string[]): number {
  const expected = renderApiReference();
  const relative = path.relative(process.cwd(), API_DOC_PATH);
  if (args.includes('--check')) {
    let actual: string | null = null;
    try {
      actual = readFileSync(API_DOC_PATH, 'utf8');
    } catch {
      actual = null;
    }
    if (actual === null) {
      console.error(`${relative} is missing; run node scripts/api-doc.ts`);
      return 1;
    }
    if (actual !== expected) {
      console.error(
        `${relative} differs from the protocol (first at line ${firstDifference(actual, expected)}); run node scripts/api-doc.ts`,
      );
      return 1;
    }
    console.log(`${relative} is up to date`);
    return 0;
  }
  writeFileSync(API_DOC_PATH, expected);
  console.log(`wrote ${relative}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
