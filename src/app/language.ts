import type { Language } from '../../protocol/languages.ts';
import { changeLanguage } from '../lib/i18n.ts';
import { isOffline } from '../lib/network.ts';
import { setServerLanguage } from './server-language.ts';
import { map, setLanguage } from './store.ts';

/** Switches every text at once, remembers the choice, and tells the server (E0001). */
export async function switchLanguage(lang: Language): Promise<void> {
  await changeLanguage(lang);
  setLanguage(lang);
  await tellServerLanguage();
}

let waitingForNetwork = false;

let telling: Promise<void> | null = null;

/**
 * Tells the server the stored language (E0001), for the messages it writes. Offline it waits for
 * the network, once however often the language changes, and then sends the language chosen by
 * then: nothing can reach the server, and a failure would only toast over a screen that has
 * switched already. A failure online was toasted by the API client; the screen stays switched.
 * One call at a time, then again if the language changed meanwhile: two calls in flight can be
 * answered out of order, and the cookie the later answer sets would be a language the screen left.
 */
export async function tellServerLanguage(): Promise<void> {
  if (isOffline()) {
    if (!waitingForNetwork) {
      waitingForNetwork = true;
      window.addEventListener(
        'online',
        () => {
          waitingForNetwork = false;
          void tellServerLanguage();
        },
        { once: true },
      );
    }
    return;
  }
  const lang = map.language.value;
  // Again through this function, so a language chosen offline meanwhile waits for the network too.
  telling ??= setServerLanguage(lang)
    .catch(() => undefined)
    .then(() => {
      telling = null;
      return map.language.value === lang ? undefined : tellServerLanguage();
    });
  return telling;
}
