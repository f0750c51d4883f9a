/**
 * "Add to home screen". Chromium browsers fire `beforeinstallprompt` once they consider the app
 * installable; the event is kept so the user's tap can open the browser's install sheet. iOS
 * Safari has no such event: there the entry shows the Share > Add to Home Screen steps instead.
 * Nothing is offered once the app runs installed.
 */
import { signal } from '@preact/signals-react';

/** The part of `BeforeInstallPromptEvent` used here (not in TypeScript's DOM library). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const installPrompt = signal<InstallPromptEvent | null>(null);
export const installed = signal(false);

export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

/** iPhone, iPod, and iPad (which calls itself a Mac but has touch). */
export function isIos(userAgent = navigator.userAgent, touchPoints = navigator.maxTouchPoints): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
}

/** Listens from the first moment: the event may fire before any screen that offers install. */
export function watchInstall(): void {
  installed.value = isStandalone();
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // our own entry offers it, at a moment the user chooses
    installPrompt.value = event as InstallPromptEvent;
  });
  window.addEventListener('appinstalled', () => {
    installed.value = true;
    installPrompt.value = null;
  });
}

export async function promptInstall(): Promise<void> {
  const event = installPrompt.value;
  if (!event) return;
  await event.prompt();
  const { outcome } = await event.userChoice;
  // The event can be used only once either way.
  installPrompt.value = null;
  if (outcome === 'accepted') installed.value = true;
}
