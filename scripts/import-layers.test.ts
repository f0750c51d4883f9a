import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  circles,
  crossing,
  engineLeaks,
  findings,
  importGraph,
  importsOf,
  placeOf,
} from './import-layers.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const KNOWN = path.join(import.meta.dirname, 'import-layers.known.txt');

/** The crossings not removed yet: one per line, `#` comments and blank lines aside. */
function known(): string[] {
  return readFileSync(KNOWN, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

describe('the import rule (docs/architecture.md)', () => {
  it('places files in their layers', () => {
    expect(placeOf('protocol/codes.ts').layer).toBe('protocol');
    expect(placeOf('server/ledger/ledger.ts').layer).toBe('server-base');
    expect(placeOf('server/clock.ts').layer).toBe('server-base');
    expect(placeOf('server/modules/trading/trading.orders.ts')).toEqual({
      layer: 'server-module',
      unit: 'trading',
    });
    expect(placeOf('server/admin/runner.ts').layer).toBe('server-top');
    expect(placeOf('src/lib/api.ts').layer).toBe('client-base');
    expect(placeOf('src/features/markets/api.ts')).toEqual({ layer: 'client-feature', unit: 'markets' });
    expect(placeOf('src/main.tsx').layer).toBe('client-top');
    expect(placeOf('src/root/App.tsx').layer).toBe('client-top');
  });

  it('refuses an arrow back up a layer, into another unit, or across server and client', () => {
    expect(crossing('server/ledger/ledger.ts', 'server/modules/trading/trading.orders.ts')).toBe(
      'server-base imports server-module',
    );
    expect(crossing('protocol/codes.ts', 'server/db/client.ts')).toBe('protocol imports server-base');
    expect(crossing('server/modules/trading/trading.routes.ts', 'server/modules/markets/engine.ts')).toMatch(
      /past its public file/,
    );
    expect(crossing('src/features/trading/api.ts', 'src/features/markets/api.ts')).toMatch(
      /past its public file/,
    );
    expect(crossing('src/lib/api.ts', 'src/features/offline/network.ts')).toBe(
      'client-base imports client-feature',
    );
    expect(crossing('src/app/Shell.tsx', 'src/features/offline/OfflineBanner.tsx')).toBe(
      'client-app imports client-feature',
    );
    expect(crossing('src/features/trading/api.ts', 'server/db/client.ts')).toBe(
      'client-feature imports server-base',
    );
    expect(crossing('server/http/dispatch.ts', 'src/lib/api.ts')).toBe('server-base imports client-base');
  });

  it('lets arrows point down, within a unit, and to another unit through its public file', () => {
    expect(crossing('server/modules/trading/trading.routes.ts', 'server/ledger/ledger.ts')).toBeNull();
    expect(
      crossing('server/modules/trading/trading.routes.ts', 'server/modules/trading/prices.ts'),
    ).toBeNull();
    expect(
      crossing('server/modules/trading/trading.routes.ts', 'server/modules/markets/index.ts'),
    ).toBeNull();
    expect(crossing('src/features/trading/api.ts', 'src/features/markets/index.ts')).toBeNull();
    expect(crossing('src/features/trading/api.ts', 'src/app/store.ts')).toBeNull();
    expect(crossing('server/admin/runner.ts', 'server/modules/trading/trading.orders.ts')).toBeNull();
    expect(crossing('src/main.tsx', 'src/features/markets/api.ts')).toBeNull();
  });

  it('reads static, type-only, re-exported, side-effect and dynamic imports', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "export { c } from './c.ts';",
      "import './d.css';",
      "const e = lazy(() => import('./e.tsx'));",
      "import { f } from 'valibot';",
    ].join('\n');
    expect(importsOf(text)).toEqual(['./a.ts', '../b.ts', './c.ts', './d.css', './e.tsx']);
  });

  it('finds a wrong import and a circle in a tree on disk', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'layers-'));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), text);
      };
      write('protocol/codes.ts', 'export const x = 1;\n');
      write('server/ledger/ledger.ts', "import { orders } from '../modules/trading/orders.ts';\n");
      write('server/modules/trading/orders.ts', "import { post } from '../../ledger/ledger.ts';\n");
      write('src/lib/api.ts', "import { x } from '../../protocol/codes.ts';\n");
      const graph = importGraph(dir);
      expect(findings(graph)).toEqual([
        'server/ledger/ledger.ts -> server/modules/trading/orders.ts: server-base imports server-module',
        'circle: server/ledger/ledger.ts <-> server/modules/trading/orders.ts',
      ]);
      expect(circles(graph)).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('holds on this repository: no crossing beyond the known list, and the list only shrinks', () => {
    const found = findings(importGraph(ROOT));
    const list = new Set(known());
    const added = found.filter((line) => !list.has(line));
    const gone = [...list].filter((line) => !found.includes(line));
    expect(added, 'new wrong imports: move the code instead (docs/architecture.md)').toEqual([]);
    expect(gone, `fixed: remove these from ${path.basename(KNOWN)}`).toEqual([]);
  });

  it('keeps decimal.js behind protocol/money.ts, and says so of a file that reaches past it', () => {
    expect(engineLeaks(ROOT)).toEqual([]);
    const dir = mkdtempSync(path.join(tmpdir(), 'engine-'));
    try {
      mkdirSync(path.join(dir, 'src/lib'), { recursive: true });
      mkdirSync(path.join(dir, 'protocol'), { recursive: true });
      mkdirSync(path.join(dir, 'server'), { recursive: true });
      writeFileSync(path.join(dir, 'protocol/money.ts'), "import { Decimal } from 'decimal.js';\n");
      writeFileSync(path.join(dir, 'src/lib/sum.ts'), "import Decimal from 'decimal.js';\n");
      expect(engineLeaks(dir)).toEqual(['src/lib/sum.ts -> decimal.js']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
