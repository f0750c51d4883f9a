/**
 * The app shell with the route's first screen in it, for navigations the service worker does not
 * answer yet (a first visit): src/entry-server.tsx renders the screen as a first visit's browser
 * would, and the result replaces the boot shell's placeholders in index.html, so the screen's
 * words are on the first paint (docs/performance.md, "eleventh"). The render depends only on the
 * route, its query and the language (no session, no data), so each is kept once rendered.
 *
 * The render comes from `vite build --ssr` (dist-ssr/, beside the client's dist/); without it, or
 * when a render fails, the visitor gets the plain shell, as before.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Language, RTL_LANGUAGES } from '../../protocol/languages.ts';

type Render = (pathname: string, search: string, language: Language) => Promise<string | null>;

/** The boot shell: everything inside `<div id="root">`, which index.html closes before `<noscript>`. */
const BOOT_SHELL = /(<div id="root">)[\s\S]*?(<\/div>\s*<noscript>)/;
const HTML_TAG = /<html lang="[^"]*" dir="[^"]*">/;

/** Renders kept: routes x languages, and a few queries (a market list's category). */
const KEPT_RENDERS = 512;

/**
 * Renders waiting at most (they run one at a time, a few milliseconds each): beyond that a
 * navigation gets the plain shell at once, so a burst of new queries cannot queue page loads.
 */
export const MAX_WAITING_RENDERS = 4;

/** `template` (index.html) with `screen` in place of the boot shell, in `language`'s direction. */
export function withFirstScreen(template: string, screen: string, language: Language): string {
  if (!BOOT_SHELL.test(template) || !HTML_TAG.test(template)) {
    throw new Error(
      'index.html has no <html lang dir> or no boot shell in <div id="root"> before <noscript>',
    );
  }
  const dir = RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
  return template
    .replace(HTML_TAG, `<html lang="${language}" dir="${dir}">`)
    .replace(BOOT_SHELL, (_match, open: string, close: string) => `${open}${screen}${close}`);
}

export interface FirstScreens {
  /** index.html with the first screen of `pathname` in it, or null for a route it does not render. */
  page(pathname: string, search: string, language: Language): Promise<string | null>;
}

export function firstScreens(template: string, render: Render): FirstScreens {
  withFirstScreen(template, '', 'en'); // the template's markers, checked once at start
  const kept = new Map<string, string | null>();
  let waiting = 0;
  return {
    async page(pathname, search, language) {
      const key = `${language} ${pathname}${search}`;
      const known = kept.get(key);
      if (known !== undefined) return known;
      if (waiting >= MAX_WAITING_RENDERS) return null;
      waiting += 1;
      try {
        const screen = await render(pathname, search, language);
        const page = screen === null ? null : withFirstScreen(template, screen, language);
        if (kept.size >= KEPT_RENDERS) kept.delete(kept.keys().next().value as string);
        kept.set(key, page);
        return page;
      } finally {
        waiting -= 1;
      }
    },
  };
}

/**
 * The server render built beside `clientDir` (`dist` -> `dist-ssr`), or null when there is none
 * or it does not load (`onFailure` hears why; the server then sends the plain shell).
 */
export async function loadFirstScreens(
  clientDir: string,
  onFailure: (error: unknown) => void,
): Promise<FirstScreens | null> {
  const entry = path.join(`${clientDir}-ssr`, 'entry-server.js');
  const template = path.join(clientDir, 'index.html');
  if (!existsSync(entry) || !existsSync(template)) return null;
  try {
    const module = (await import(pathToFileURL(entry).href)) as { renderFirstScreen: Render };
    return firstScreens(readFileSync(template, 'utf8'), module.renderFirstScreen);
  } catch (error) {
    onFailure(error);
    return null;
  }
}
