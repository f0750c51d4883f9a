import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../app/LanguagePicker.tsx';
import { currentUser } from '../../app/store.ts';
import { BrandMark } from '../../components/BrandMark.tsx';
import { withCompleteLanguage } from '../../lib/i18n.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useTransitionSignal } from '../../lib/use-transition-signal.ts';
import { AddressChip, ConnectButton } from '../account/index.ts';
import { firstConfigLoading, PlatformOverview } from '../config/index.ts';
import { TickerStrip } from '../markets/index.ts';
import { LatestAnnouncement } from '../news/index.ts';
import { installed, installPrompt, isIos, loadInstallEntry } from '../offline/index.ts';
import { YieldLabel } from '../staking/index.ts';
import { QuickEntries } from './QuickEntries.tsx';

export function HomePage() {
  useSignals();
  const { t } = useTranslation();
  const user = currentUser();
  return (
    <>
      <header className="app-header">
        <div className="brand">
          <BrandMark />
          <div>
            <h1>{t('app.name')}</h1>
            <p className="tagline">{t('app.tagline')}</p>
          </div>
        </div>
        <LanguagePicker />
      </header>
      <section className="card hero">
        <h2>{t('home.headline')}</h2>
        <p>{t('home.intro')}</p>
        {user ? <AddressChip address={user.address} /> : <ConnectButton />}
      </section>
      <YieldLabel />
      <LatestAnnouncement />
      <QuickEntries />
      <TickerStrip />
      <PlatformOverview />
      <InstallEntryOnceConfigured />
    </>
  );
}

/**
 * The install card's code and words load only where the browser offers to install, or on iOS:
 * most visits never show it, and the first page does not carry it.
 */
const InstallEntry = lazy(() =>
  withCompleteLanguage(loadInstallEntry).then((module) => ({
    default: module.InstallEntry,
  })),
);

/**
 * Below the overview, which grows from a skeleton to its lists when the first configuration
 * arrives: the install card waits for that, so it never appears and is then pushed away. Its own
 * subscription, so the configuration's arrival renders this again (in slices), not the whole
 * home page.
 */
function InstallEntryOnceConfigured() {
  useSignals();
  const loading = useTransitionSignal(firstConfigLoading);
  // Whether to offer it is the browser's to say (iOS, an install prompt): not in the server's first
  // screen, nor in the render that adopts it (src/lib/use-hydrated.ts).
  const hydrated = useHydrated();
  if (!hydrated || loading || installed.value || (!installPrompt.value && !isIos())) return null;
  return (
    <Suspense fallback={null}>
      <InstallEntry />
    </Suspense>
  );
}
