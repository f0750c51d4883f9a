import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import { App } from './app/App.tsx';
import { paths } from './app/paths.ts';
import { clearSession, hydrateStore, map } from './app/store.ts';
import { toast } from './components/toast.ts';
import { refreshConfig } from './features/config/config-model.ts';
import { setServerLanguage } from './features/config/get-config.ts';
import { watchInstall } from './features/offline/install.ts';
import { watchNetwork } from './features/offline/network.ts';
import { purgeOnWalletChange, registerServiceWorker } from './features/offline/service-worker.ts';
import { configureApi } from './lib/api.ts';
import { initI18n } from './lib/i18n.ts';
import './styles.css';

// The stored record is read before the first render, so the first frame already has the
// language, the session and the last configuration (SPEC.md section 3, DESIGN.md section 8).
await hydrateStore();
const i18n = await initI18n(map.language.value);
watchNetwork();
watchInstall();
purgeOnWalletChange();
configureApi({
  message: (key) => i18n.t(`messages.${key}`),
  onError: (message) => toast.error(message),
  onNotice: (message) => toast.success(message),
  onSessionEnded: () => {
    clearSession();
    navigate(paths.home.path);
  },
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// Start-up calls (SPEC.md section 4): the configuration and the language, in the background.
void refreshConfig();
void setServerLanguage(map.language.value).catch(() => undefined);

// The service worker after the page has loaded, so its precache downloads never compete with
// the first render. Development builds have none (the dev server serves modules unbundled).
if (import.meta.env.PROD) {
  const register = () => void registerServiceWorker().catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
