/**
 * "Get notified": the browser's push subscription for announcements. Permission is asked only
 * when the user turns the switch on; the subscription is made with the server's VAPID key and
 * saved with 100666 (with the current language, and the wallet when signed in); turning it off
 * unsubscribes in the browser and deletes it on the server (100655).
 */
import { effect, signal } from '@preact/signals-react';
import { map } from '../../app/store.ts';
import { globalConfig } from '../config/index.ts';
import { deleteSubscription, saveSubscription } from './api.ts';

/**
 * unsupported: no service worker, Push API or VAPID key here; denied: the user blocked
 * notifications for this site (only the browser's settings can undo that).
 */
export type PushStatus = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

export const pushStatus = signal<PushStatus>('checking');
export const pushBusy = signal(false);

const READY_TIMEOUT_MS = 3000;

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The active service worker's registration, or null when none takes over in time. */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null;
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing?.active) return existing;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_TIMEOUT_MS)),
  ]);
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

function fieldsOf(subscription: PushSubscription) {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    p256dh: json.keys?.p256dh ?? '',
    auth: json.keys?.auth ?? '',
    lang: map.language.peek(),
  };
}

export async function readPushStatus(): Promise<void> {
  const reg = await registration();
  if (!reg || !globalConfig.peek()?.vapidPublicKey) {
    pushStatus.value = 'unsupported';
    return;
  }
  if (Notification.permission === 'denied') {
    pushStatus.value = 'denied';
    return;
  }
  const existing = await reg.pushManager.getSubscription();
  pushStatus.value = existing && Notification.permission === 'granted' ? 'on' : 'off';
}

async function withBusy(work: () => Promise<void>): Promise<void> {
  if (pushBusy.peek()) return;
  pushBusy.value = true;
  try {
    await work();
  } finally {
    pushBusy.value = false;
  }
}

/** The switch turned on: ask (now, not before), subscribe, save. */
export function enablePush(): Promise<void> {
  return withBusy(async () => {
    const reg = await registration();
    const key = globalConfig.peek()?.vapidPublicKey;
    if (!reg || !key) {
      pushStatus.value = 'unsupported';
      return;
    }
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      pushStatus.value = permission === 'denied' ? 'denied' : 'off';
      return;
    }
    let subscription = await reg.pushManager.getSubscription();
    const serverKey = base64UrlToBytes(key);
    if (subscription && !sameKey(subscription, serverKey)) {
      // Made with another server key (keys were replaced): it cannot receive our messages.
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: serverKey,
    });
    try {
      await saveSubscription(fieldsOf(subscription));
    } catch (error) {
      // Not saved means nothing will arrive: leave the browser side off as well.
      await subscription.unsubscribe().catch(() => undefined);
      pushStatus.value = 'off';
      throw error;
    }
    pushStatus.value = 'on';
  });
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return true;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/** The switch turned off: both sides forget the subscription. */
export function disablePush(): Promise<void> {
  return withBusy(async () => {
    const reg = await registration();
    const subscription = await reg?.pushManager.getSubscription();
    if (subscription) {
      const { endpoint } = subscription;
      await subscription.unsubscribe();
      await deleteSubscription(endpoint).catch(() => undefined);
    }
    pushStatus.value = 'off';
  });
}

let watching = false;

/** Once subscribed, a new language or a sign-in is saved, so pushes follow the reader. */
export function keepSubscriptionCurrent(): void {
  if (watching) return;
  watching = true;
  let last = '';
  effect(() => {
    const state = `${map.language.value}|${map.address.value}|${pushStatus.value}`;
    if (state === last) return;
    const first = last === '';
    last = state;
    if (first || pushStatus.peek() !== 'on' || pushBusy.peek()) return;
    void (async () => {
      const subscription = await (await registration())?.pushManager.getSubscription();
      if (subscription) await saveSubscription(fieldsOf(subscription)).catch(() => undefined);
    })();
  });
}
