import type { Language } from '../../protocol/languages.ts';
import { setServerLanguage } from '../features/config/get-config.ts';
import { isOffline } from '../features/offline/network.ts';
import { changeLanguage } from '../lib/i18n.ts';
import { map, setLanguage } from './store.ts';

/** Switches every text at once, remembers the choice, and tells the server (E0001). */
export async function switchLanguage(lang: Language): Promise<void> {
  await changeLanguage(lang);
  setLanguage(lang);
  await tellServerLanguage();
}

let waitingForNetwork = false;

/**
 * Tells the server the stored language (E0001), for the messages it writes. Offline it waits for
 * the network, once however often the language changes, and then sends the language chosen by
 * then: nothing can reach the server, and a failure would only toast over a screen that has
 * switched already. A failure online was toasted by the API client; the screen stays switched.
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
  await setServerLanguage(map.language.value).catch(() => undefined);
}
