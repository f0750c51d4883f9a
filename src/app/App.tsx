import { useTranslation } from 'react-i18next';
import type { Language } from '../../protocol/languages.ts';
import { setServerLanguage } from '../features/config/get-config.ts';
import { PlatformOverview } from '../features/config/PlatformOverview.tsx';
import { changeLanguage } from '../lib/i18n.ts';
import { LanguagePicker } from './LanguagePicker.tsx';

export function App() {
  const { t } = useTranslation();
  const switchLanguage = async (lang: Language) => {
    await changeLanguage(lang);
    // Server messages follow the client's language (E0001); a failure there is already toasted.
    await setServerLanguage(lang).catch(() => undefined);
  };
  return (
    <div className="app">
      <header className="app-header">
        <div className="brand">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <div>
            <h1>{t('app.name')}</h1>
            <p className="tagline">{t('app.tagline')}</p>
          </div>
        </div>
        <LanguagePicker onChange={switchLanguage} />
      </header>
      <main>
        <PlatformOverview />
      </main>
    </div>
  );
}
