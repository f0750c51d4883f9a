/**
 * Push subscriptions (100666 save, 100655 delete) and the message the server pushes. A
 * subscription is the browser's PushSubscription: its endpoint and the two keys of RFC 8291
 * (`p256dh`, the browser's P-256 public key, 65 bytes; `auth`, 16 bytes; both base64url).
 * The service worker reads `PushMessage` and nothing else.
 */
import * as v from 'valibot';
import { LANGUAGES, type Language } from './languages.ts';
import { requestId } from './validation.ts';

const base64url = (bytes: number) =>
  v.pipe(
    v.string(),
    // Browsers send unpadded base64url; padding is accepted and dropped.
    v.transform((s) => s.replace(/=+$/, '')),
    v.regex(/^[A-Za-z0-9_-]+$/),
    v.length(Math.ceil((bytes * 4) / 3)),
  );

export const PUSH_ENDPOINT_MAX_LENGTH = 1024;

export const pushEndpoint = v.pipe(
  v.string(),
  v.maxLength(PUSH_ENDPOINT_MAX_LENGTH),
  v.check((s) => {
    try {
      const url = new URL(s);
      return url.protocol === 'https:' && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }),
);

export const pushSubscribeRequest = v.object({
  endpoint: pushEndpoint,
  p256dh: base64url(65),
  auth: base64url(16),
  lang: v.picklist(LANGUAGES),
  requestId,
});
export type PushSubscribeRequest = v.InferOutput<typeof pushSubscribeRequest>;

export const pushUnsubscribeRequest = v.object({ endpoint: pushEndpoint, requestId });

export interface PushSaved {
  /** True when this endpoint was already known (its keys, user and language were updated). */
  updated: boolean;
}

export interface PushDeleted {
  deleted: boolean;
}

/** Icons a push notification shows (files under public/). */
export const PUSH_ICON = '/icons/icon-192.png';
/** A white silhouette on transparency: Android shows it in the status bar. */
export const PUSH_BADGE = '/icons/badge-96.png';

export const PUSH_KINDS = ['announcement', 'alert', 'account', 'operator'] as const;

/**
 * The JSON a push message carries, encrypted for one subscription: an announcement, a price alert
 * that fired (docs/alerts.md), a notice about the user's own account (a withdrawal address saved
 * or deleted) or one for an operator (the withdraw sender paused a coin). All are shown the same
 * way; `url` is what a tap opens.
 */
export interface PushMessage {
  kind: (typeof PUSH_KINDS)[number];
  /** The announcement's, the alert's or the notice's id. */
  id: number;
  title: string;
  body: string;
  lang: Language;
  /** Same-origin path the notification opens: announcementPath(id), or the instrument's page. */
  url: string;
}

export function isPushMessage(value: unknown): value is PushMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    PUSH_KINDS.includes(m.kind as PushMessage['kind']) &&
    typeof m.id === 'number' &&
    typeof m.title === 'string' &&
    typeof m.body === 'string' &&
    typeof m.url === 'string' &&
    m.url.startsWith('/') &&
    !m.url.startsWith('//')
  );
}
