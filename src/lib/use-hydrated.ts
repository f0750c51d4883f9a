/**
 * Whether this render may use what only the browser knows (its time zone, its language list):
 * false in the server's render of the first screen (src/entry-server.tsx) and in the browser's
 * render that hydrates it (src/main.tsx), true in every other render. React renders a hydrating
 * component with the server snapshot of `useSyncExternalStore` and, right after, with the client
 * one, so the page first matches the server's HTML and then shows the browser's own.
 */
import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;
const inBrowser = () => true;
const onServer = () => false;

export function useHydrated(): boolean {
  return useSyncExternalStore(neverChanges, inBrowser, onServer);
}
