/**
 * Which modules travel in the `start` chunk (vite.config.ts): the libraries and shared modules
 * every first page needs, as one file, because on a phone network each extra request of a few
 * hundred bytes still costs a round trip. What a screen loads on demand (docs/spec/design.md section 10:
 * web3-onboard, uPlot, the QR code) must never be pulled in by it, even when it lives in a folder
 * the group takes (the QR code component is in `src/components/`).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The screens load lazily (src/root/screens.tsx), so the modules the entry, the app's frame and
 * home's screen share with other screens would each become a chunk of a few hundred bytes (an
 * extra request each). The modules those three import statically, followed through the source's
 * relative imports, travel in the start chunk instead; the three themselves stay chunks of their
 * own (the entry, and the two that src/main.tsx evaluates as tasks of their own).
 */
export const FIRST_PAGE_ROOTS = ['src/main.tsx', 'src/root/App.tsx', 'src/features/home/HomePage.tsx'];

// `import … from './x.ts'` and `export … from './x.ts'`, not `import type` (erased) nor `import()`.
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\s)[^'";]*?from\s+'(\.{1,2}\/[^']+)'/gm;

/** Source files reachable from `roots` through static relative imports. */
export function staticImportClosure(root: string, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = roots.map((file) => path.join(root, file));
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      queue.push(path.resolve(path.dirname(file), match[1] ?? ''));
    }
  }
  return seen;
}

let firstPage: Set<string> | null = null;
function isFirstPageModule(id: string): boolean {
  if (!firstPage) {
    // Read once per build; the roots themselves stay chunks of their own.
    firstPage = staticImportClosure(ROOT, FIRST_PAGE_ROOTS);
    for (const file of FIRST_PAGE_ROOTS) firstPage.delete(path.join(ROOT, file));
  }
  return firstPage.has(id);
}

// The libraries of every first page (the first page's own modules import them all; their parts that
// only other screens use are a few hundred bytes).
const LIBRARIES =
  /\/node_modules\/(react|react-dom|react-i18next|scheduler|i18next|wouter|@preact|dayjs|use-sync-external-store)\//;

/**
 * The app's shared folders: what several screens use (components, helpers, the protocol, and the
 * signed-in gate, a feature only because it needs the account's button: as a chunk of its own it
 * would add its name to the first page's preload lists).
 */
const SHARED_SOURCE = /\/src\/(lib|components|features\/signed-in)\/|\/protocol\//;

// protocol/solvency.ts (the Merkle sum tree and its verifier) is only ever needed on /solvency.
const ON_DEMAND =
  /\/src\/components\/QrCode\.tsx$|\/protocol\/solvency\.ts$|\/node_modules\/(uqr|uplot|@web3-onboard|viem)\//;

export function isStartModule(id: string): boolean {
  return (LIBRARIES.test(id) || isFirstPageModule(id)) && !ON_DEMAND.test(id);
}

/**
 * The `shared` chunk: the shared folders' modules the first page does not import (the amount
 * field, the confirm sheet, record lists, most of the protocol), as one file that the first screen
 * other than home loads beside its own code, instead of in every first page (issue #19's budget)
 * or as a dozen chunks of a few hundred bytes.
 */
export function isSharedModule(id: string): boolean {
  return SHARED_SOURCE.test(id) && !isStartModule(id) && !ON_DEMAND.test(id) && !isDecimalModule(id);
}

/**
 * The `decimal` chunk: the one decimal engine (decimal.js, protocol/money.ts), the screens'
 * arithmetic on it (src/lib/format.ts) and the tick arithmetic of the live prices
 * (src/features/markets/quote-math.ts). Home's ticker loads it before its tick stream opens
 * (src/features/markets/live.ts); in the `shared` chunk it brought that whole chunk with it, 17 kB
 * brotli of forms, sheets and schemas the first screen never uses (issue #41). Other screens load
 * it beside `shared`, which imports it.
 */
const DECIMAL_ENGINE =
  /\/node_modules\/decimal\.js\/|\/protocol\/money\.ts$|\/src\/lib\/format\.ts$|\/src\/features\/markets\/quote-math\.ts$/;

export function isDecimalModule(id: string): boolean {
  return DECIMAL_ENGINE.test(id) && !isStartModule(id);
}
