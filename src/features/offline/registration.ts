/**
 * Registers the service worker with workbox-window (src/main.tsx loads this module once the page
 * is idle, never in the first page's critical path) and offers a new version instead of forcing
 * it (UpdatePrompt.tsx).
 */
import type { Workbox } from 'workbox-window';
import type { PageMessage } from '../../../protocol/offline.ts';
import { readsPastWorker } from '../../lib/api.ts';
import { closeStreams } from '../markets/index.ts';
import { updateWaiting } from './service-worker.ts';

let workbox: Workbox | null = null;
const HOUR = 3600_000;
const TAKEOVER_WAIT_MS = 4000;

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  workbox = wb;
  // A worker that finished installing while an older one controls the page waits here.
  wb.addEventListener('waiting', () => {
    updateWaiting.value = true;
  });
  // The first worker claims the page (sw/sw.ts), but only after the start-up read the
  // configuration and the first screen read its data, past it. The worker asks those again itself
  // and keeps them, so a first visit's screen opens offline too, as every later one does; the
  // page's main thread does nothing more. An update's takeover reloads the page instead.
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate || event.isExternal) return;
    sendReadsPastWorker();
  });
  await wb.register();
  void claimIfUncontrolled();
  // Installed apps stay open for days: look for a new version now and then, and on return.
  setInterval(() => void wb.update(), HOUR);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update();
  });
}

function sendReadsPastWorker(): void {
  const reads = readsPastWorker.splice(0);
  if (reads.length === 0) return;
  const message: PageMessage = { type: 'keep-reads', reads };
  navigator.serviceWorker.controller?.postMessage(message);
}

/**
 * Activation claims only the pages already loaded: a page whose navigation had started before the
 * first worker activated (a user who moves on while it installs) stays uncontrolled, its reads
 * never kept, until the next full load; so does a hard reload. The page asks the active worker to
 * claim it, then hands it the reads it made past it, as on a first install. (A clean-clone CI run
 * of 2026-12-03 found a page active-but-uncontrolled for 30 s this way.)
 */
async function claimIfUncontrolled(): Promise<void> {
  const container = navigator.serviceWorker;
  const registration = await container.ready;
  if (container.controller || !registration.active) return;
  container.addEventListener('controllerchange', sendReadsPastWorker, { once: true });
  const message: PageMessage = { type: 'claim' };
  registration.active.postMessage(message);
}

/** The user said yes: the waiting worker takes over and the page reloads once it controls. */
export function acceptUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  closeStreams();
  workbox.messageSkipWaiting();
  // Should some other request still hold the old worker, the reload lets it go; the new worker
  // then takes over as soon as it may (its skip-waiting flag stays set).
  setTimeout(() => window.location.reload(), TAKEOVER_WAIT_MS);
}

export function dismissUpdate(): void {
  updateWaiting.value = false;
}
