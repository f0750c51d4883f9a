import type { Language } from '../../protocol/languages.ts';
import { setServerLanguage } from '../features/config/get-config.ts';
import { changeLanguage } from '../lib/i18n.ts';
import { setLanguage } from './store.ts';

/** Switches every text at once, remembers the choice, and tells the server (E0001). */
export async function switchLanguage(lang: Language): Promise<void> {
  await changeLanguage(lang);
  setLanguage(lang);
  // A failure here was already toasted by the API client; the screen has switched regardless.
  await setServerLanguage(lang).catch(() => undefined);
}
