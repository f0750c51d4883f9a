import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import { FIRST_ANSWERS_ID, parseFirstAnswers } from '../protocol/first-screen.ts';
import { isLanguage } from '../protocol/languages.ts';
import { tellServerLanguage } from './app/language.ts';
import { onTakeOverMismatch, SERVER_SCREEN, TakeOver } from './app/server-screen.tsx';
import { clearSession, currentUser, hydrateStore, map, setGlobalConfig } from './app/store.ts';
import { toast } from './components/toast.ts';
import { globalConfig, refreshConfig } from './features/config/config-model.ts';
import { keepFlashEventsFromReact } from './features/markets/live.ts';
import { watchInstall } from './features/offline/install.ts';
import { purgeOnWalletChange } from './features/offline/service-worker.ts';
import { answerRead, configureApi } from './lib/api.ts';
import { completeLanguage, initI18n } from './lib/i18n.ts';
import { watchNetwork } from './lib/network.ts';
import { onFirstInteraction } from './lib/on-interaction.ts';
import { paths } from './lib/paths.ts';
import { whenIdle } from './lib/when-idle.ts';
import { yieldToMain } from './lib/yield-to-main.ts';
import { CONFIG_READ, isGlobalConfig, startFirstReads } from './root/first-reads.ts';
import { preloadScreen } from './root/screens.tsx';
import './styles.css';

// The screens start downloading at once but are evaluated in a task of their own, so the start-up
// work is not one long task that blocks input (Lighthouse's total blocking time).
const screens = import('./root/App.tsx');
// And the current route's screen beside it (src/root/screens.tsx), so the first render has it.
const firstScreen = preloadScreen(window.location.pathname);

// The stored record is read before the first render, so the first frame already has the
// language, the session and the last configuration (docs/spec/product.md section 3, docs/spec/design.md section 8).
// With nothing stored, the language the server wrote the page in: the one its `lang` cookie
// names (server/http/first-screen.ts), so the app takes over in the words already on screen.
const pageLanguage = document.documentElement.lang;
await hydrateStore(undefined, isLanguage(pageLanguage) ? pageLanguage : undefined);
const i18n = await initI18n(map.language.value);
watchNetwork();
keepFlashEventsFromReact();
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

// The first screen's data: what the server sent with the page (a first visit,
// server/http/first-screen.ts) is there for the first render; the rest is asked for now rather
// than after the screens load and render.
for (const answer of parseFirstAnswers(document.getElementById(FIRST_ANSWERS_ID)?.textContent)) {
  answerRead(answer);
  // The configuration the server rendered with: newer than a stored one, and the first render must
  // show what the page shows (the start-up's refresh then takes this same answer).
  if (answer.code === CONFIG_READ.code && isGlobalConfig(answer.data)) setGlobalConfig(answer.data);
}
startFirstReads(window.location, map.language.value, globalConfig.value);

const [{ App }] = await Promise.all([screens, firstScreen]);
// Each step of the start-up from here in a short task of its own (src/lib/yield-to-main.ts):
// creating the root (React registers its listeners), then the start-up calls.
await yieldToMain();
const root = document.getElementById('root');
const fromServer = root?.querySelector<HTMLElement>(SERVER_SCREEN);
// The server renders for a visitor without a session, in the language its page names.
if (root && fromServer && !currentUser() && map.language.value === pageLanguage) {
  // The server's screen is this render's: React adopts its nodes (hydration), as a transition so
  // that it runs in slices as the render below does (outside one, React hydrates in one task).
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <TakeOver screen={fromServer}>
          <App />
        </TakeOver>
      </StrictMode>,
      { onRecoverableError: onTakeOverMismatch },
    );
  });
} else if (root) {
  // As a transition, React renders the first screen in slices and yields to the browser between
  // them, instead of one long task that would hold up a tap (the boot shell, or a server screen
  // written for another state, stays until then).
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

/** Runs `task` once the page has loaded and the main thread is idle (at most 5 s later). */
function afterLoadWhenIdle(task: () => void): void {
  const idle = () => void whenIdle(task, 5000, 2000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

// Start-up calls (docs/spec/product.md section 4): the configuration in the background once the first render
// has started; the language once the page is idle: it only sets the cookie the server writes its
// own texts by (pushes, statements), and every request sent during start-up costs the main thread
// several milliseconds (src/root/first-reads.ts). Offline the language waits for the network
// (src/app/language.ts).
await yieldToMain();
void refreshConfig();
afterLoadWhenIdle(() => void tellServerLanguage());
// The rest of the language's bundle, which every screen but home's waits for (src/lib/i18n.ts):
// at the first tap or key, which is how a visitor leaves home's first screen, rather than with
// the first page (8 kB of it). A screen opened otherwise asks for it itself; offline the service
// worker's precache has it.
onFirstInteraction(() => void completeLanguage().catch(() => undefined));

// The service worker likewise, so installing it (the precache downloads some thirty files) never
// competes with the first screen on a phone's few cores. Development builds have none (the dev
// server serves modules unbundled).
if (import.meta.env.PROD) {
  afterLoadWhenIdle(
    () =>
      void import('./features/offline/registration.ts')
        .then(({ registerServiceWorker }) => registerServiceWorker())
        .catch(() => undefined),
  );
}
