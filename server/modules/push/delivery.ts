/**
 * Sends one announcement to every push subscription, each in its own language, after the
 * announcement is committed (it never holds up publishing). At most `concurrency` requests are
 * in flight; 429, 5xx and network failures are retried with back-off (Retry-After honoured, up
 * to a cap) and then given up; 404 and 410 mean the browser dropped the subscription, so its
 * row is deleted. Other answers (400, 403, 413) are counted as failed and kept.
 */
import type https from 'node:https';
import { and, asc, eq, gt } from 'drizzle-orm';
import webpush, { type WebPushError } from 'web-push';
import { announcementPath } from '../../../protocol/news-path.ts';
import type { PushMessage } from '../../../protocol/push.ts';
import type { DbOrTx } from '../../db/client.ts';
import { announcementTextsOf, languageOrder } from '../news/index.ts';
import { pushSubscriptions } from './push.schema.ts';
import { resolveVapidKeys } from './vapid.ts';

export interface DeliveryOptions {
  /** Requests in flight at once. */
  concurrency: number;
  /** Tries per subscription, the first included. */
  attempts: number;
  /** Wait before try `attempt + 1` (from 1); `retryAfterMs` is the push service's Retry-After. */
  retryDelayMs(attempt: number, retryAfterMs: number | null): number;
  /** How long a push service keeps an undelivered message (seconds). */
  ttlSeconds: number;
  timeoutMs: number;
  /** An https.Agent for the requests (a proxy, or a test's own certificate authority). */
  agent?: https.Agent;
  env?: NodeJS.ProcessEnv;
}

export interface DeliveryReport {
  announcementId: number;
  total: number;
  sent: number;
  removed: number;
  failed: number;
}

const MAX_RETRY_DELAY_MS = 60_000;
const BATCH = 200;

export const DEFAULT_DELIVERY: DeliveryOptions = {
  concurrency: 4,
  attempts: 3,
  retryDelayMs: (attempt, retryAfterMs) =>
    Math.min(MAX_RETRY_DELAY_MS, Math.max(retryAfterMs ?? 0, 1_000 * 2 ** (attempt - 1))),
  ttlSeconds: 24 * 60 * 60,
  timeoutMs: 10_000,
};

let current: DeliveryOptions = DEFAULT_DELIVERY;

/** Changes how later deliveries send (tests point it at a local push service); returns the undo. */
export function configureDelivery(changes: Partial<DeliveryOptions>): () => void {
  const previous = current;
  current = { ...current, ...changes };
  return () => {
    current = previous;
  };
}

export function deliveryOptions(): DeliveryOptions {
  return current;
}

function retryAfterMs(error: WebPushError): number | null {
  const raw = error.headers?.['retry-after'];
  if (!raw) return null;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

function isWebPushError(error: unknown): error is WebPushError {
  return typeof (error as WebPushError | null)?.statusCode === 'number';
}

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type Outcome = 'sent' | 'removed' | 'failed';
type Vapid = Awaited<ReturnType<typeof resolveVapidKeys>>;

/**
 * One encrypted message to one subscription, retried as DeliveryOptions say. 404 and 410 delete
 * the subscription (the browser dropped it); `topic` lets a newer message with the same topic
 * replace an undelivered one.
 */
export async function sendToSubscription(
  db: DbOrTx,
  sub: PushSubscriptionRow,
  json: string,
  topic: string,
  vapid: Vapid,
  options: DeliveryOptions = current,
): Promise<Outcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      await webpush.sendNotification(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        json,
        {
          vapidDetails: vapid,
          TTL: options.ttlSeconds,
          urgency: 'normal',
          topic,
          contentEncoding: 'aes128gcm',
          timeout: options.timeoutMs,
          ...(options.agent ? { agent: options.agent } : {}),
        },
      );
      return 'sent';
    } catch (error) {
      const status = isWebPushError(error) ? error.statusCode : null;
      if (status === 404 || status === 410) {
        await db
          .delete(pushSubscriptions)
          .where(and(eq(pushSubscriptions.id, sub.id), eq(pushSubscriptions.endpoint, sub.endpoint)));
        return 'removed';
      }
      const transient = status === null || status === 429 || status >= 500;
      if (!transient || attempt >= options.attempts) return 'failed';
      const wait = options.retryDelayMs(attempt, isWebPushError(error) ? retryAfterMs(error) : null);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** The keys a push is signed with (VAPID_* or the generated pair the database keeps). */
export function vapidKeys(db: DbOrTx, options: DeliveryOptions = current): Promise<Vapid> {
  return resolveVapidKeys(db, options.env);
}

async function* subscriptions(db: DbOrTx) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(pushSubscriptions)
      .where(gt(pushSubscriptions.id, after))
      .orderBy(asc(pushSubscriptions.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    yield* rows;
    after = rows[rows.length - 1]?.id ?? after;
  }
}

export async function deliverAnnouncement(
  db: DbOrTx,
  announcementId: number,
  options: DeliveryOptions = current,
): Promise<DeliveryReport> {
  const report: DeliveryReport = { announcementId, total: 0, sent: 0, removed: 0, failed: 0 };
  const announcement = await announcementTextsOf(db, announcementId);
  if (!announcement || announcement.texts.length === 0) return report;
  const vapid = await resolveVapidKeys(db, options.env);
  const messages = new Map<string, string>();
  const messageFor = (lang: PushMessage['lang']): string => {
    const cached = messages.get(lang);
    if (cached) return cached;
    const order = languageOrder(lang, announcement.primary);
    const text =
      order.map((l) => announcement.texts.find((t) => t.lang === l)).find((t) => t !== undefined) ??
      announcement.texts[0];
    const message: PushMessage = {
      kind: 'announcement',
      id: announcementId,
      title: text?.title ?? '',
      body: text?.summary ?? '',
      lang: text?.lang ?? lang,
      url: announcementPath(announcementId),
    };
    const json = JSON.stringify(message);
    messages.set(lang, json);
    return json;
  };

  const sendOne = (sub: PushSubscriptionRow) =>
    sendToSubscription(db, sub, messageFor(sub.lang), `announcement${announcementId}`, vapid, options);

  const source = subscriptions(db);
  const worker = async () => {
    for (;;) {
      const next = await source.next();
      if (next.done) return;
      report.total += 1;
      report[await sendOne(next.value)] += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  return report;
}

export function describeReport(r: DeliveryReport): string {
  return `announcement ${r.announcementId} pushed to ${r.total} subscriptions: ${r.sent} sent, ${r.removed} removed (gone), ${r.failed} failed`;
}
