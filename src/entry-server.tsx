/**
 * The first screen as HTML, rendered by the server for a visitor the service worker does not
 * serve yet (a first visit): the real header, texts and placeholders of the route in place of the
 * boot shell's grey boxes, so the screen's own words are on the first paint instead of after the
 * start chunk, the screen's chunk and the language have loaded (docs/performance.md, "eleventh").
 *
 * What it renders is exactly the first render of a first visit in the browser: no session, no
 * stored configuration, and the answers of the first reads (`firstReadsFor`: the configuration and
 * the screen's data), which the server sends with the page and the browser's first render takes
 * (`answerRead`, and the configuration as if stored); every other part that waits for data shows
 * its placeholder, as in the browser. `src/main.tsx` then hydrates it: React adopts these nodes
 * (src/app/server-screen.tsx), so whatever only the browser knows (the reader's time zone, an
 * install offer) waits for the render after that (src/lib/use-hydrated.ts). Wallet routes are not
 * rendered: without a session the browser leaves them for home.
 *
 * Built with `vite build --ssr` into dist-ssr/ and loaded by server/http/first-screen.ts.
 */
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import type { FirstAnswer, FirstRead } from '../protocol/first-screen.ts';
import type { Language } from '../protocol/languages.ts';
import { setGlobalConfig, setLanguage } from './app/store.ts';
import { answerRead, forgetReads } from './lib/api.ts';
import { changeLanguage, initI18n } from './lib/i18n.ts';
import { matchRoute } from './lib/paths.ts';
import { App } from './root/App.tsx';
import { CONFIG_READ, firstReadsOf, isGlobalConfig } from './root/first-reads.ts';
import { preloadScreen } from './root/screens.tsx';

/**
 * What the first screen of `pathname` reads first, for a first visit: the configuration (which
 * decides what the screens show, and the start-up asks for in any case) and the screen's own.
 */
export function firstReadsFor(pathname: string, search: string, language: Language): FirstRead[] {
  const route = matchRoute(pathname);
  if (!route || route.wallet) return [];
  return [CONFIG_READ, ...firstReadsOf({ pathname, search }, language, null)];
}

/** How App's render begins (src/root/App.tsx). */
const APP_START = '<div class="app">';

let started: Promise<unknown> | null = null;
// The client's modules keep one i18next instance and one set of signals: one render at a time.
let previous: Promise<unknown> = Promise.resolve();

/**
 * The HTML of `pathname`'s first screen in `language`, with `answers` to its first reads, or null
 * for a route not rendered here.
 */
export function renderFirstScreen(
  pathname: string,
  search: string,
  language: Language,
  answers: readonly FirstAnswer[] = [],
): Promise<string | null> {
  const route = matchRoute(pathname);
  if (!route || route.wallet) return Promise.resolve(null);
  const rendered = previous.then(async () => {
    started ??= initI18n(language);
    await started;
    await changeLanguage(language);
    // The screens read the language from the store (as the browser's from its stored record).
    setLanguage(language);
    await preloadScreen(pathname);
    for (const answer of answers) answerRead(answer);
    const config = answers.find((answer) => answer.code === CONFIG_READ.code)?.data;
    if (isGlobalConfig(config)) setGlobalConfig(config);
    let html: string;
    try {
      html = renderToString(
        <Router ssrPath={pathname} ssrSearch={search.replace(/^\?/, '')}>
          <App />
        </Router>,
      );
    } finally {
      // The next visitor's render starts with its own answers only.
      forgetReads();
      setGlobalConfig({});
    }
    if (!html.startsWith(APP_START)) throw new Error(`the app's render starts with ${html.slice(0, 40)}`);
    // Inert until the app has adopted it (src/app/server-screen.tsx): a tap or a choice on a
    // control without its script would be lost, so none is taken (the boot shell had no controls
    // either), while the screen can already be read.
    return `<div inert="" ${html.slice('<div '.length)}`;
  });
  previous = rendered.catch(() => undefined);
  return rendered;
}
