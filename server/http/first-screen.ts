/**
 * The app shell with the route's first screen in it, for navigations the service worker does not
 * answer yet (a first visit): src/entry-server.tsx renders the screen as a first visit's browser
 * would, with the answers of its first reads, and the result replaces the boot shell's
 * placeholders in index.html, so the screen's words and data are on the first paint
 * (docs/performance.md, "eleventh"). The answers go with the page (protocol/first-screen.ts), so
 * the browser's first render shows the same and asks for none of them again. A page without
 * answers depends only on the route, its query and the language and is kept; one with answers
 * for a second or two (prices move every second; the page's live feed takes over from there).
 *
 * The render comes from `vite build --ssr` (dist-ssr/, beside the client's dist/); without it, or
 * when a render fails, the visitor gets the plain shell, as before.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CODES } from '../../protocol/codes.ts';
import { type FirstAnswer, type FirstRead, firstAnswersElement } from '../../protocol/first-screen.ts';
import { type Language, RTL_LANGUAGES } from '../../protocol/languages.ts';

/** What dist-ssr/entry-server.js exports (src/entry-server.tsx). */
export interface FirstScreenRenderer {
  firstReadsFor(pathname: string, search: string, language: Language): FirstRead[];
  renderFirstScreen(
    pathname: string,
    search: string,
    language: Language,
    answers: readonly FirstAnswer[],
  ): Promise<string | null>;
}

/** The `data` of a read-only code's answer, as its client would get it. */
export type AnswerRead = (read: FirstRead) => Promise<unknown>;

/** The boot shell: everything inside `<div id="root">`, which index.html closes before `<noscript>`. */
const BOOT_SHELL = /(<div id="root">)[\s\S]*?(<\/div>\s*)(<noscript>)/;
const HTML_TAG = /<html lang="[^"]*" dir="[^"]*">/;
/** What a browser without JavaScript shows: index.html's words, in English. */
const NOSCRIPT = /<noscript>[^<]*<\/noscript>/;

/** `text` as HTML text. */
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page's words for a browser without JavaScript, in a language (locales' `app.needsJavaScript`). */
export type NoScriptText = (language: Language) => string;

/** Renders kept: routes x languages, and a few queries (a market list's category). */
const KEPT_RENDERS = 512;

/** How long a page with answers is sent again before it is rendered with fresh ones. */
export const ANSWERED_PAGE_MS = 2_000;

/**
 * Renders waiting at most (they run one at a time, a few milliseconds each): beyond that a
 * navigation gets the plain shell at once, so a burst of new queries cannot queue page loads.
 */
export const MAX_WAITING_RENDERS = 4;

/**
 * `template` (index.html) with `screen` in place of the boot shell, in `language`'s direction,
 * `answers` beside it, and `noscript` (when given) as what a browser without JavaScript says.
 */
export function withFirstScreen(
  template: string,
  screen: string,
  language: Language,
  answers: readonly FirstAnswer[] = [],
  noscript?: string,
): string {
  if (!BOOT_SHELL.test(template) || !HTML_TAG.test(template) || !NOSCRIPT.test(template)) {
    throw new Error(
      'index.html has no <html lang dir> or no boot shell in <div id="root"> before <noscript>',
    );
  }
  const dir = RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
  const block = answers.length === 0 ? '' : `${firstAnswersElement(answers)}\n    `;
  const page =
    noscript === undefined
      ? template
      : template.replace(NOSCRIPT, () => `<noscript>${escapeHtml(noscript)}</noscript>`);
  return page
    .replace(HTML_TAG, `<html lang="${language}" dir="${dir}">`)
    .replace(
      BOOT_SHELL,
      (_match, open: string, close: string, noscript: string) =>
        `${open}${screen}${close}${block}${noscript}`,
    );
}

export interface FirstScreens {
  /**
   * index.html with the first screen of `pathname` in it, or null for a route it does not render;
   * `answerRead` answers the screen's first reads.
   */
  page(pathname: string, search: string, language: Language, answerRead: AnswerRead): Promise<string | null>;
  /**
   * Drops every kept page with answers, and keeps none whose answers were read before this call:
   * after an operator's change (a feature switched off, an announcement published) no visitor gets
   * a page that still says otherwise. The browser takes the page's configuration as fresh
   * (src/main.tsx), so a page sent a second after the change would keep saying it all visit long.
   */
  forgetAnswered(): void;
}

export function firstScreens(
  template: string,
  renderer: FirstScreenRenderer,
  now: () => number = Date.now,
  noscriptText?: NoScriptText,
): FirstScreens {
  withFirstScreen(template, '', 'en'); // the template's markers, checked once at start
  const kept = new Map<string, { page: string | null; at: number; answered: boolean }>();
  let waiting = 0;
  /**
   * Counts {@link FirstScreens.forgetAnswered} calls: a render with answers during which one came
   * is not kept.
   */
  let generation = 0;
  /** The answers of the reads that succeed; a read that fails leaves its part to the browser. */
  const answersTo = async (reads: FirstRead[], answerRead: AnswerRead): Promise<FirstAnswer[]> => {
    const settled = await Promise.allSettled(
      reads
        // Only what anyone may read, and reading changes nothing.
        .filter(({ code }) => !CODES[code].mutating && !CODES[code].wallet)
        .map(async (read) => ({ ...read, data: await answerRead(read) })),
    );
    return settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  };
  return {
    async page(pathname, search, language, answerRead) {
      const key = `${language} ${pathname}${search}`;
      const known = kept.get(key);
      if (known && (!known.answered || now() - known.at < ANSWERED_PAGE_MS)) return known.page;
      if (waiting >= MAX_WAITING_RENDERS) return null;
      waiting += 1;
      const startedIn = generation;
      try {
        const answers = await answersTo(renderer.firstReadsFor(pathname, search, language), answerRead);
        const screen = await renderer.renderFirstScreen(pathname, search, language, answers);
        const page =
          screen === null
            ? null
            : withFirstScreen(template, screen, language, answers, noscriptText?.(language));
        // Answers read before a change: sent to this visitor (they asked before it), kept for none.
        if (answers.length > 0 && startedIn !== generation) return page;
        if (!kept.has(key) && kept.size >= KEPT_RENDERS) kept.delete(kept.keys().next().value as string);
        kept.set(key, { page, at: now(), answered: answers.length > 0 });
        return page;
      } finally {
        waiting -= 1;
      }
    },
    forgetAnswered() {
      generation += 1;
      for (const [key, known] of kept) if (known.answered) kept.delete(key);
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
  noscriptText?: NoScriptText,
): Promise<FirstScreens | null> {
  const entry = path.join(`${clientDir}-ssr`, 'entry-server.js');
  const template = path.join(clientDir, 'index.html');
  if (!existsSync(entry) || !existsSync(template)) return null;
  try {
    const renderer = (await import(pathToFileURL(entry).href)) as FirstScreenRenderer;
    return firstScreens(readFileSync(template, 'utf8'), renderer, Date.now, noscriptText);
  } catch (error) {
    onFailure(error);
    return null;
  }
}
