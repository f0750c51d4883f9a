/**
 * The import rule of docs/architecture.md, read off the source: every relative import of a
 * non-test file in protocol/, server/ and src/ is checked against the layers, and the file graph
 * for circles. `npm test` runs it (./import-layers.test.ts) against the list of crossings still
 * to be removed (./import-layers.known.txt), which may only shrink.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Where a file sits; `unit` names its module or feature (its own folder), else null. */
export interface Place {
  layer:
    | 'protocol'
    | 'server-base'
    | 'server-module'
    | 'server-top'
    | 'client-base'
    | 'client-app'
    | 'client-feature'
    | 'client-top'
    | 'other';
  unit: string | null;
}

/** Files at server/'s top level that are kits for every layer, not the composition of the server. */
const SERVER_KITS = new Set(['clock.ts', 'faults.ts', 'i18n.ts', 'config.ts', 'exit-watchdog.ts']);
const SERVER_BASE = new Set(['db', 'ledger', 'http', 'jobs']);

export function placeOf(file: string): Place {
  const [root, second = '', third = ''] = file.split('/');
  if (root === 'protocol') return { layer: 'protocol', unit: null };
  if (root === 'server') {
    if (SERVER_BASE.has(second) || SERVER_KITS.has(second)) return { layer: 'server-base', unit: null };
    if (second === 'modules' && file.split('/').length > 3) return { layer: 'server-module', unit: third };
    return { layer: 'server-top', unit: null };
  }
  if (root === 'src') {
    if (second === 'lib' || second === 'components') return { layer: 'client-base', unit: null };
    if (second === 'app') return { layer: 'client-app', unit: null };
    if (second === 'features' && file.split('/').length > 3) return { layer: 'client-feature', unit: third };
    return { layer: 'client-top', unit: null };
  }
  return { layer: 'other', unit: null };
}

/** What each layer may import, besides its own layer (a unit: its own folder). */
const MAY_IMPORT: Record<Place['layer'], readonly Place['layer'][]> = {
  protocol: [],
  'server-base': ['protocol'],
  'server-module': ['protocol', 'server-base'],
  'server-top': ['protocol', 'server-base', 'server-module'],
  'client-base': ['protocol'],
  'client-app': ['protocol', 'client-base'],
  'client-feature': ['protocol', 'client-base', 'client-app'],
  'client-top': ['protocol', 'client-base', 'client-app', 'client-feature'],
  other: [],
};

/** The one file through which another module or feature may be reached. */
export function isPublicFile(file: string): boolean {
  return /^(server\/modules|src\/features)\/[^/]+\/index\.tsx?$/.test(file);
}

/** Why `from` may not import `to`, or null when it may. */
export function crossing(from: string, to: string): string | null {
  const a = placeOf(from);
  const b = placeOf(to);
  if (a.layer === 'other' || b.layer === 'other') return null;
  if (a.layer === b.layer) {
    if (a.unit === b.unit || isPublicFile(to)) return null;
    return `${a.layer} ${a.unit} reaches into ${b.unit} past its public file`;
  }
  if (MAY_IMPORT[a.layer].includes(b.layer)) return null;
  return `${a.layer} imports ${b.layer}`;
}

/** The relative imports of a source text (static, re-exports and dynamic), as written. */
export function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(
    /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)|^import\s+'(\.[^']+)'/gm,
  )) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec) found.push(spec);
  }
  return found;
}

export const SOURCE_ROOTS = ['protocol', 'server', 'src'] as const;

/** Non-test TypeScript files under the source roots, relative to `root`, with `/` separators. */
export function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(root, dir))) {
      const rel = `${dir}/${name}`;
      if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
        files.push(rel);
    }
  };
  for (const dir of SOURCE_ROOTS) walk(dir);
  return files.sort();
}

/** Every file's relative imports, resolved to repo paths. */
export function importGraph(root: string, files = sourceFiles(root)): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    graph.set(
      file,
      importsOf(text).map((spec) => path.posix.normalize(path.posix.join(path.posix.dirname(file), spec))),
    );
  }
  return graph;
}

/** Each import against the layers: `from -> to: why`, one line per wrong arrow. */
export function crossings(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const lines = new Set<string>();
  for (const [from, targets] of graph)
    for (const to of targets) {
      const why = crossing(from, to);
      if (why) lines.add(`${from} -> ${to}: ${why}`);
    }
  return [...lines].sort();
}

/** The circles of the file graph (strongly connected components of two files or more), each sorted. */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, indexOf.get(w) ?? 0));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      for (let w = stack.pop(); w !== undefined; w = stack.pop()) {
        onStack.delete(w);
        component.push(w);
        if (w === v) break;
      }
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indexOf.has(v)) visit(v);
  return found.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/** The whole check's findings, as lines comparable with the known list. */
export function findings(graph: ReadonlyMap<string, readonly string[]>): string[] {
  return [...crossings(graph), ...circles(graph).map((c) => `circle: ${c.join(' <-> ')}`)];
}

if (import.meta.main) {
  for (const line of findings(importGraph(process.cwd()))) console.log(line);
}

/** The packages that one module alone may import: the one decimal engine (docs/decisions/decimal.md). */
export const SOLE_IMPORTERS: Readonly<Record<string, string>> = { 'decimal.js': 'protocol/money.ts' };

/** `file -> package` for every import of a package in SOLE_IMPORTERS by a file other than its own. */
export function engineLeaks(root: string, files = sourceFiles(root)): string[] {
  const leaks: string[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'([^.'][^']*)'/g)) {
      const owner = SOLE_IMPORTERS[m[1] ?? ''];
      if (owner !== undefined && owner !== file) leaks.push(`${file} -> ${m[1]}`);
    }
  }
  return leaks;
}
