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

/** Files reachable from `starts` (static and lazy imports), never entering keys `skip` accepts. */
function reach(graph: ViteManifest, starts: string[], skip: (key: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const files = new Set<string>();
  const queue = [...starts];
  for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
    const chunk = graph[key];
    if (seen.has(key) || !chunk || skip(key)) continue;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    queue.push(...(chunk.imports ?? []), ...(chunk.dynamicImports ?? []));
  }
  return files;
}

/** The files only the lazy modules whose keys start with one of `prefixes` need. */
export function lazyOnlyFiles(graph: ViteManifest, prefixes: string[]): Set<string> {
  const isLazy = (key: string) => prefixes.some((p) => key.startsWith(p));
  const entries = Object.keys(graph).filter((k) => graph[k]?.isEntry);
  const app = reach(graph, entries, isLazy);
  const lazy = reach(graph, Object.keys(graph).filter(isLazy), () => false);
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
