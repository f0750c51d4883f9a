/**
 * Build-time filter for the service worker's precache list: drops the chunks that only code
 * behind some lazy import needs (web3-onboard and its wallet modules), read from Vite's chunk
 * graph in `.vite/manifest.json`. A chunk the app reaches any other way stays precached.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface ViteChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ViteChunk>;

export interface Walk {
  /** Follow lazy `import()`s too, not only static imports. */
  followDynamic: boolean;
  /** Keys never entered (nor anything only they reach). */
  skip?: (key: string) => boolean;
}

/** The manifest keys of the chunks reachable from `starts`. */
export function reachableKeys(graph: ViteManifest, starts: string[], walk: Walk): Set<string> {
  const seen = new Set<string>();
  const queue = [...starts];
  for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
    const chunk = graph[key];
    if (seen.has(key) || !chunk || walk.skip?.(key)) continue;
    seen.add(key);
    queue.push(...(chunk.imports ?? []), ...(walk.followDynamic ? (chunk.dynamicImports ?? []) : []));
  }
  return seen;
}

/** The files (scripts and their CSS) of the chunks reachable from `starts`. */
function reachableFiles(graph: ViteManifest, starts: string[], walk: Walk): Set<string> {
  const files = new Set<string>();
  for (const key of reachableKeys(graph, starts, walk)) {
    const chunk = graph[key];
    if (!chunk) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return files;
}

/** The files only the lazy modules whose keys start with one of `prefixes` need. */
export function lazyOnlyFiles(graph: ViteManifest, prefixes: string[]): Set<string> {
  const isLazy = (key: string) => prefixes.some((p) => key.startsWith(p));
  const entries = Object.keys(graph).filter((k) => graph[k]?.isEntry);
  const app = reachableFiles(graph, entries, { followDynamic: true, skip: isLazy });
  const lazy = reachableFiles(graph, Object.keys(graph).filter(isLazy), { followDynamic: true });
  return new Set([...lazy].filter((f) => !app.has(f)));
}

interface Entry {
  url: string;
  revision: string | null;
  size: number;
}

/**
 * A Vite plugin that learns the build's output folder (which `--outDir` may change) and the
 * workbox `manifestTransforms` step that uses it; the transform runs inside the same build, after
 * Vite wrote its manifest there.
 */
export function lazyChunkFilter(prefixes: string[]) {
  let outDir = 'dist';
  return {
    plugin: {
      name: 'meridian-precache-filter',
      configResolved(config: { build: { outDir: string } }) {
        outDir = config.build.outDir;
      },
    },
    transform(entries: Entry[]) {
      const graph = JSON.parse(
        readFileSync(path.resolve(outDir, '.vite/manifest.json'), 'utf8'),
      ) as ViteManifest;
      const drop = lazyOnlyFiles(graph, prefixes);
      return { manifest: entries.filter((e) => !drop.has(e.url)), warnings: [] };
    },
  };
}
