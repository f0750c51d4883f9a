/**
 * The server's first screen (src/entry-server.tsx, server/http/first-screen.ts) as the browser
 * finds it in `#root`: the app's own markup, inert until the app takes it over. When the browser's
 * first render is the one the server wrote (a first visit: no session, the page's language),
 * src/main.tsx hydrates it: React adopts the nodes instead of building the same screen again and
 * laying it out a second time (docs/performance.md, "twelfth"). Otherwise it renders over it.
 */

import { type ReactNode, useEffect } from 'react';

/** Where the server's screen is: the app's element, inert (the boot shell has neither). */
export const SERVER_SCREEN = ':scope > .app[inert]';

/** Makes the adopted screen usable once React has taken it over (its handlers are attached). */
export function TakeOver({ screen, children }: { screen: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    screen.removeAttribute('inert');
  }, [screen]);
  return children;
}

/**
 * A first screen React could not adopt (its text differs from the browser's first render, say
 * a stored setting the server cannot know) is rendered again in the browser, as it would have been
 * without hydration: worth a warning, not an error the visitor's console reports.
 */
export function onTakeOverMismatch(error: unknown): void {
  console.warn('[first screen] rendered again:', error);
}
