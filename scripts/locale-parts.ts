/**
 * A Vite plugin that splits each language bundle in two at build time (issue #19's first-page
 * budget): `locales/xx.json?part=first` holds the namespaces (top-level keys) the first page's own
 * modules name, preloaded with the start chunk; `?part=rest` holds the others (the error
 * catalogue of the forms, mining, trading, IDO, …), which `src/lib/i18n.ts` loads at the
 * visitor's first tap or key (`src/main.tsx`) and every other screen waits for
 * (`src/root/screens.tsx`). The files in `locales/` stay whole: the server, the tests and
 * translators read them as they are.
 *
 * Which keys the first page names is read from its modules (the static import closure of
 * scripts/start-chunk.ts), per key rather than per namespace: a whole key in quotes
 * (`'home.headline'`) takes that key, what is nested under it and its plural forms
 * (`home.headline_one`); a key that a template completes (`` `footer.${tab}` ``,
 * `` `markets.categories.${c}` ``) takes every key beginning with the written part. So adding a
 * key to a first-page module moves it into the first part by itself, and a namespace the first
 * page names one key of (staking, for home's yield label) does not come whole.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FIRST_PAGE_ROOTS, staticImportClosure } from './start-chunk.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

export type LocalePart = 'first' | 'rest';

const PART_ID = /\/locales\/[^/?]+\.json\?part=(first|rest)$/;

type Bundle = Record<string, unknown>;

/** What sources name of a bundle's keys: whole keys, and the written starts of completed ones. */
export interface KeysNamed {
  whole: Set<string>;
  starts: Set<string>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The keys (of the namespaces `namespaces`) that `sources` name, in quotes or a template. */
export function keysNamed(sources: string[], namespaces: string[]): KeysNamed {
  const named: KeysNamed = { whole: new Set(), starts: new Set() };
  if (namespaces.length === 0) return named;
  // A quote, a namespace and a dot, then the key's characters up to the closing quote (a whole
  // key) or up to a template's `${` (a key the template completes).
  const key = new RegExp(
    `(['"\`])((?:${namespaces.map(escapeRegExp).join('|')})\\.[\\w.-]*)(\\1|\\$\\{)?`,
    'g',
  );
  for (const source of sources) {
    for (const [, , text = '', end] of source.matchAll(key)) {
      // A key cut short by a character keys do not have is taken as a start, to be safe.
      if (end === undefined || end === '${' || text.endsWith('.')) named.starts.add(text);
      else named.whole.add(text);
    }
  }
  return named;
}

/** Every leaf of a bundle by its dotted path. */
function leaves(bundle: Bundle, prefix = ''): [string, unknown][] {
  return Object.entries(bundle).flatMap(([name, value]) =>
    value !== null && typeof value === 'object'
      ? leaves(value as Bundle, `${prefix}${name}.`)
      : [[`${prefix}${name}`, value] as [string, unknown]],
  );
}

/** The bundle of the given leaves, nested again. */
function nest(entries: [string, unknown][]): Bundle {
  const bundle: Bundle = {};
  for (const [pathText, value] of entries) {
    const names = pathText.split('.');
    const last = names.pop() ?? '';
    let node = bundle;
    for (const name of names) {
      node[name] ??= {};
      node = node[name] as Bundle;
    }
    node[last] = value;
  }
  return bundle;
}

/** A leaf the named keys take: a whole key, under it, its plural forms, or a completed start. */
function isNamed(leaf: string, named: KeysNamed): boolean {
  for (const start of named.starts) if (leaf.startsWith(start)) return true;
  for (
    let end = leaf.length;
    end > 0;
    end = Math.max(leaf.lastIndexOf('.', end - 1), leaf.lastIndexOf('_', end - 1))
  ) {
    if (named.whole.has(leaf.slice(0, end))) return true;
  }
  return false;
}

/** The first page's modules' text, read once per build. */
let firstPageSources: string[] | null = null;
function readFirstPageSources(): string[] {
  firstPageSources ??= [...staticImportClosure(ROOT, FIRST_PAGE_ROOTS)]
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => readFileSync(file, 'utf8'));
  return firstPageSources;
}

/** One part of a bundle: the keys the first page names, or all the others. */
export function bundlePart(
  bundle: Bundle,
  part: LocalePart,
  sources: string[] = readFirstPageSources(),
): Bundle {
  const named = keysNamed(sources, Object.keys(bundle));
  return nest(leaves(bundle).filter(([leaf]) => isNamed(leaf, named) === (part === 'first')));
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
      const bundle = JSON.parse(readFileSync(file, 'utf8')) as Bundle;
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(bundlePart(bundle, part)))});\n`;
    },
    buildStart() {
      firstPageSources = null;
    },
  };
}
