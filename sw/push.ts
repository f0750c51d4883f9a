/**
 * Push in the service worker (docs/spec/design.md section 9): a `push` shows a notification with the
 * message's title, text, icon and badge (an announcement, a price alert that fired, a notice about
 * the account or for an operator); tapping it
 * focuses an open window of the app and routes it to the announcement or the instrument, or opens
 * one there.
 */
import { RTL_LANGUAGES } from '../protocol/languages.ts';
import { announcementPath } from '../protocol/news-path.ts';
import { isPushMessage, PUSH_BADGE, PUSH_ICON, type PushMessage } from '../protocol/push.ts';

interface NotificationData {
  url: string;
}

function readMessage(event: PushEvent): PushMessage | null {
  try {
    const value: unknown = event.data?.json();
    return isPushMessage(value) ? value : null;
  } catch {
    return null;
  }
}

/** A same-origin path only: a push can never send the user elsewhere. */
function safeUrl(sw: ServiceWorkerGlobalScope, data: unknown): string {
  const url = (data as Partial<NotificationData> | null)?.url;
  if (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//')) {
    return new URL(url, sw.location.origin).href;
  }
  return new URL('/news', sw.location.origin).href;
}

async function openAnnouncement(sw: ServiceWorkerGlobalScope, url: string): Promise<void> {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((c) => c.url === url);
  const client = same ?? windows.find((c) => c.focused) ?? windows[0];
  if (!client) {
    await sw.clients.openWindow(url);
    return;
  }
  // Focus first, while the tap still allows it; then route the window to the announcement.
  await client.focus().catch(() => undefined);
  if (client.url !== url) {
    const navigated = await client.navigate(url).catch(() => null);
    if (!navigated) await sw.clients.openWindow(url);
  }
}

export function installPushHandlers(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    const message = readMessage(event);
    // Every push must show something (userVisibleOnly); an unreadable one points to the list.
    const title = message?.title ?? 'Meridian';
    // An announcement opens its own page; every other kind carries the path it opens.
    const url = !message
      ? '/news'
      : message.kind === 'announcement'
        ? announcementPath(message.id)
        : message.url;
    const data: NotificationData = { url };
    event.waitUntil(
      sw.registration.showNotification(title, {
        body: message?.body ?? '',
        icon: PUSH_ICON,
        badge: PUSH_BADGE,
        lang: message?.lang ?? '',
        dir: message && RTL_LANGUAGES.has(message.lang) ? 'rtl' : 'auto',
        tag: message ? `${message.kind}-${message.id}` : 'announcement',
        data,
      }),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openAnnouncement(sw, safeUrl(sw, event.notification.data)));
  });
}
