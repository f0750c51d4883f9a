/**
 * The first page's JavaScript and CSS, gzipped, beside the web3-onboard payload that must stay out of it
 * (DESIGN.md section 10). Reads the chunk graph Vite writes (dist/.vite/manifest.json): the first
 * page (of /home) is the entry, the app's frame and home's screen with everything they import
 * statically, plus the default language bundle; the
 * wallet payload is what `src/features/account/onboard.ts` pulls in beyond the first page.
 *
 *   npm run build && node bench/first-page-size.ts
 *   DIST=/tmp/other-build node bench/first-page-size.ts   (a build written elsewhere)
 *
 * Then the time to first render of a repeat visit offline against online (bench/repeat-visit.ts).
 * Exits 1 when any web3-onboard code is reachable from the first page.
 */

import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { reachableKeys, type ViteManifest } from '../scripts/precache-filter.ts';
import { writeSummary } from './lib/report.ts';
import { measureRepeatVisits } from './repeat-visit.ts';

const DIST = process.env.DIST ?? path.resolve(import.meta.dirname, '..', 'dist');

const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;

/** Chunks reachable from `keys` through static imports, and dynamic ones too when asked. */
const reachable = (keys: string[], followDynamic: boolean) =>
  reachableKeys(manifest, keys, { followDynamic });

const gz = (file: string) => gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
const sum = (keys: Iterable<string>) => [...keys].reduce((n, k) => n + gz(manifest[k]?.file ?? ''), 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entry) throw new Error('no entry in the manifest: run npm run build first');
// Its first part (scripts/locale-parts.ts); the rest loads after the first screen.
const defaultLocale = Object.keys(manifest).find((k) => k.endsWith('locales/zh-CN.json?part=first'));
// The screens are imported right after start-up (and preloaded by the HTML): part of the first page.
// The app's frame and home's screen, which src/main.tsx imports dynamically at start (on /home).
const startKeys = ['src/root/App.tsx', 'src/features/home/HomePage.tsx'].flatMap(
  (name) => Object.keys(manifest).find((k) => k.endsWith(name)) ?? [],
);
const firstPage = reachable([entry, ...startKeys], false);
const firstPageKeys = [...firstPage, ...(defaultLocale ? [defaultLocale] : [])];
const firstPageBytes = sum(firstPageKeys);
// What the server actually sends: the build's brotli copies (scripts/precompress.ts).
const br = (file: string) => {
  try {
    return statSync(path.join(DIST, `${file}.br`)).size;
  } catch {
    return gz(file);
  }
};
const firstPageBrotli = firstPageKeys.reduce((n, k) => n + br(manifest[k]?.file ?? ''), 0);

const onboardKey = Object.keys(manifest).find((k) => k.endsWith('src/features/account/onboard.ts'));
if (!onboardKey) throw new Error('no chunk for src/features/account/onboard.ts in the manifest');
const walletPayload = [...reachable([onboardKey], true)].filter((k) => !firstPage.has(k));
const walletBytes = sum(walletPayload);

// The stylesheets the page links (one since the build stopped splitting CSS: vite.config.ts).
const cssFiles = [
  ...readFileSync(path.join(DIST, 'index.html'), 'utf8').matchAll(
    /<link rel="stylesheet"[^>]* href="\/([^"]+)"/g,
  ),
].map((link) => link[1] ?? '');
const cssBytes = cssFiles.reduce((n, file) => n + gz(file), 0);

const leaked = [...firstPage].filter((k) => k.includes('@web3-onboard') || k === onboardKey);

process.stdout.write(
  [
    'first page vs web3-onboard (gzip -9; and the brotli copies the server sends)',
    '',
    `first page JavaScript       ${kb(firstPageBytes).padStart(10)}  (${firstPage.size} chunk(s) + default language bundle)`,
    `first page JavaScript, br   ${kb(firstPageBrotli).padStart(10)}  (the build's brotli copies, as served)`,
    `first page CSS              ${kb(cssBytes).padStart(10)}  (${cssFiles.length} file(s))`,
    `web3-onboard payload        ${kb(walletBytes).padStart(10)}  (${walletPayload.length} chunk(s), loaded on the first tap on "connect")`,
    '',
    `first page / web3-onboard: ${(firstPageBytes / walletBytes).toFixed(2)}x`,
    leaked.length === 0
      ? 'web3-onboard is not in the first page'
      : `web3-onboard IS in the first page: ${leaked.join(', ')}`,
    '',
  ].join('\n'),
);
process.exitCode = leaked.length === 0 ? 0 : 1;
/** Issue #19's goal for the first page's JavaScript, gzip -9. */
const FIRST_PAGE_GOAL_KB = 110;
writeSummary([
  {
    figure: 'first page JavaScript, gzip -9',
    value: firstPageBytes / 1024,
    unit: 'kB',
    anchor: walletBytes / 1024,
    anchorName: 'web3-onboard payload',
    ratio: firstPageBytes / walletBytes,
    goal: `<= ${FIRST_PAGE_GOAL_KB} kB`,
    met: firstPageBytes / 1024 <= FIRST_PAGE_GOAL_KB,
    note: '',
  },
]);

// The same run, in a browser: a repeat visit opened with no network against one with it.
const { online, offline, firstVisit } = await measureRepeatVisits();
process.stdout.write(
  [
    'first visit of /home in Chromium: the scripts the page fetched until the network was idle',
    '',
    `scripts                     ${String(firstVisit.count).padStart(10)}`,
    `as served (on the wire)     ${kb(firstVisit.served).padStart(10)}`,
    `as brotli (quality 11)      ${kb(firstVisit.brotli).padStart(10)}`,
    `as gzip -9                  ${kb(firstVisit.gzip).padStart(10)}`,
    `manifest's first page, gzip ${kb(firstPageBytes).padStart(10)}  (the static graph above, the anchor)`,
    '',
    // Which chunks they were, so a new one after the start chunk is seen by name (issue #41).
    ...firstVisit.files.map(({ name, brotli }) => `  ${name.padEnd(40)} ${kb(brotli).padStart(10)}`),
    '',
    `fetched (brotli) / first page by the manifest (gzip): ${(firstVisit.brotli / firstPageBytes).toFixed(2)}x`,
    '',
  ].join('\n'),
);
writeSummary([
  {
    figure: 'first visit scripts until network idle, brotli',
    value: firstVisit.brotli / 1024,
    unit: 'kB',
    anchor: firstPageBytes / 1024,
    anchorName: "manifest's first page, gzip -9",
    ratio: firstVisit.brotli / firstPageBytes,
    goal: `<= ${FIRST_PAGE_GOAL_KB} kB`,
    met: firstVisit.brotli / 1024 <= FIRST_PAGE_GOAL_KB,
    note: `gzip -9 ${kb(firstVisit.gzip)}, on the wire ${kb(firstVisit.served)}, ${firstVisit.count} scripts`,
  },
]);
process.stdout.write(
  [
    'repeat visit, time to first render of /home (median, Chromium, service worker installed)',
    '',
    `online                      ${`${online} ms`.padStart(10)}`,
    `offline                     ${`${offline} ms`.padStart(10)}`,
    '',
    `offline / online: ${(offline / online).toFixed(2)}x`,
    '',
  ].join('\n'),
);
