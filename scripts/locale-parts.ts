/**
 * A Vite plugin that splits each language bundle in two at build time (issue #19's first-page
 * budget): `locales/xx.json?part=first` holds the namespaces (top-level keys) the first page's own
 * modules name, preloaded with the start chunk; `?part=rest` holds the others (the error
 * catalogue of the forms, mining, trading, IDO, …), which `src/lib/i18n.ts` loads once the first
 * screen is up and every other screen waits for (`src/app/screens.tsx`). The files in `locales/`
 * stay whole: the server, the tests and translators read them as they are.
 *
 * Which namespaces the first page names is read from its modules (the static import closure of
 * scripts/start-chunk.ts): a namespace counts when a module has a string or template beginning
 * with its name and a dot (`'home.headline'`, `` `footer.${tab}` ``), so adding a key of another
 * namespace to a first-page module moves that namespace into the first part by itself.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FIRST_PAGE_ROOTS, staticImportClosure } from './start-chunk.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

export type LocalePart = 'first' | 'rest';

const PART_ID = /\/locales\/[^/?]+\.json\?part=(first|rest)$/;

/** The namespaces among `namespaces` that `sources` name as the start of a key. */
export function namespacesNamed(sources: string[], namespaces: string[]): Set<string> {
  const named = new Set<string>();
  for (const namespace of namespaces) {
    const key = new RegExp(`['"\`]${namespace.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.`);
    if (sources.some((source) => key.test(source))) named.add(namespace);
  }
  return named;
}

/** The first page's modules' text, read once per build. */
let firstPageSources: string[] | null = null;
function readFirstPageSources(): string[] {
  firstPageSources ??= [...staticImportClosure(ROOT, FIRST_PAGE_ROOTS)]
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => readFileSync(file, 'utf8'));
  return firstPageSources;
}

/** One part of a bundle: the first page's namespaces, or all the others. */
export function bundlePart(
  bundle: Record<string, unknown>,
  part: LocalePart,
  sources: string[] = readFirstPageSources(),
): Record<string, unknown> {
  const first = namespacesNamed(sources, Object.keys(bundle));
  return Object.fromEntries(
    Object.entries(bundle).filter(([namespace]) => first.has(namespace) === (part === 'first')),
  );
}

export function localeParts() {
  return {
    name: 'meridian-locale-parts',
    enforce: 'pre' as const,
    // A module whose default export is the part (as one JSON.parse of a string, which V8 reads
    // faster than the same object as a literal).
    load(id: string): string | null {
      const part = PART_ID.exec(id)?.[1] as LocalePart | undefined;
      if (!part) return null;
      const file = id.slice(0, id.indexOf('?'));
      const bundle = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(bundlePart(bundle, part)))});\n`;
    },
    buildStart() {
      firstPageSources = null;
    },
  };
}
