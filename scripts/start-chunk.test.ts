import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FIRST_PAGE_ROOTS,
  isDecimalModule,
  isSharedModule,
  isStartModule,
  staticImportClosure,
} from './start-chunk.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The first page's own TypeScript modules, as the start chunk's closure finds them. */
function firstPageSources(): string[] {
  return [...staticImportClosure(ROOT, FIRST_PAGE_ROOTS)].filter((file) => /\.tsx?$/.test(file));
}

/** Where each of `ids` goes: into the start chunk, the shared chunk, or neither (`false`, `false`). */
function expectChunk(ids: readonly string[], chunk: { start: boolean; shared: boolean }): void {
  for (const id of ids) {
    expect(isStartModule(id), id).toBe(chunk.start);
    expect(isSharedModule(id), id).toBe(chunk.shared);
  }
}

describe('the start chunk', () => {
  it('takes the libraries and the shared modules the first page imports', () => {
    expectChunk(
      [
        `${ROOT}/node_modules/react-dom/cjs/react-dom-client.production.js`,
        `${ROOT}/node_modules/i18next/dist/esm/i18next.js`,
        `${ROOT}/src/lib/api.ts`,
        `${ROOT}/src/components/LoadState.tsx`,
        `${ROOT}/protocol/codes.ts`,
      ],
      { start: true, shared: false },
    );
  });

  it('leaves the shared modules only other screens import to the shared chunk', () => {
    expectChunk(
      [
        `${ROOT}/src/components/ConfirmSheet.tsx`,
        `${ROOT}/src/components/AmountField.tsx`,
        `${ROOT}/src/features/signed-in/SignedInPage.tsx`,
        `${ROOT}/protocol/trading.ts`,
      ],
      { start: false, shared: true },
    );
  });

  it('gives the decimal engine and the tick arithmetic a chunk of their own', () => {
    // Home's live prices load these, and nothing else the other screens share (issue #41).
    const engine = [
      `${ROOT}/node_modules/decimal.js/decimal.mjs`,
      `${ROOT}/protocol/money.ts`,
      `${ROOT}/src/lib/format.ts`,
      `${ROOT}/src/features/markets/quote-math.ts`,
    ];
    expectChunk(engine, { start: false, shared: false });
    for (const id of engine) expect(isDecimalModule(id), id).toBe(true);
    for (const id of [`${ROOT}/src/lib/format-text.ts`, `${ROOT}/protocol/trading.ts`]) {
      expect(isDecimalModule(id), id).toBe(false);
    }
  });

  it('leaves out what loads on demand, even from a folder it takes', () => {
    expectChunk(
      [
        `${ROOT}/src/components/QrCode.tsx`,
        `${ROOT}/node_modules/uqr/dist/index.mjs`,
        `${ROOT}/node_modules/uplot/dist/uPlot.esm.js`,
        `${ROOT}/node_modules/@web3-onboard/core/dist/index.js`,
        `${ROOT}/src/features/markets/chart-engine.ts`,
        `${ROOT}/protocol/solvency.ts`,
      ],
      { start: false, shared: false },
    );
  });

  it("takes the modules the first page's screens share with others, not the screens themselves", () => {
    const root = ROOT;
    for (const file of ['src/app/store.ts', 'src/features/config/config-model.ts', 'src/lib/paths.ts']) {
      expect(isStartModule(path.join(root, file)), file).toBe(true);
    }
    for (const file of [
      'src/main.tsx',
      'src/root/App.tsx',
      'src/features/home/HomePage.tsx',
      'src/features/markets/MarketsPage.tsx',
      'src/features/trading/PlaceOrderPage.tsx',
    ]) {
      expect(isStartModule(path.join(root, file)), file).toBe(false);
    }
    // Lazy screens are not followed: only static imports are.
    const closure = staticImportClosure(root, ['src/root/screens.tsx']);
    expect(closure.has(path.join(root, 'src/features/home/HomePage.tsx'))).toBe(false);
  });

  it('keeps decimal arithmetic, the validation schemas and the wallet module off the first page', () => {
    // Issue #19's budget: home shows the server's decimals as they are written (src/lib/format-text.ts),
    // validates nothing, and loads the wallet module on a tap or with a session.
    const closure = firstPageSources();
    const packages = closure.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^.'][^']*)'/gm)].map(
        (match) => `${path.relative(ROOT, file)} -> ${match[1]}`,
      ),
    );
    expect(packages.filter((use) => /-> (decimal\.js|valibot)$/.test(use))).toEqual([]);
    const own = closure.map((file) => path.relative(ROOT, file));
    for (const heavy of [
      'src/lib/format.ts',
      'src/features/account/wallet.ts',
      'src/features/account/provider-errors.ts',
      'src/features/markets/quote-math.ts',
    ]) {
      expect(own, heavy).not.toContain(heavy);
    }
    expect(own).toContain('src/lib/format-text.ts');
  });

  it("creates no Intl object in the first page's own modules", () => {
    // The first Intl formatter of a page loads the browser's formatting data, 45-114 ms of main
    // thread on a 2-vCPU host (docs/decisions/decimal.md): not during start-up.
    const closure = firstPageSources();
    const uses = closure.filter((file) =>
      /\bnew Intl\.|\bIntl\.\w+\(|\.toLocale\w*String\(|\.localeCompare\(/.test(
        readFileSync(file, 'utf8').replace(/^\s*(?:\/\/|\*).*$/gm, ''),
      ),
    );
    expect(uses.map((file) => path.relative(ROOT, file))).toEqual([]);
  });
});
