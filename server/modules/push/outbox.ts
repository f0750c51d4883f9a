/**
 * The push outbox (docs/push.md, "Account and operator notices"): a module queues a push in the
 * transaction of the change it announces; the outbox job delivers it after commit to every
 * subscription of its user, each in the subscription's language. One process per deployment
 * delivers (advisory lock "PSH1"); a notice is tried a few times, then given up (the change itself
 * is always on record where the user or the operator looks: the address book's history, admin
 * status).
 */
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { PushMessage } from '../../../protocol/push.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Translator } from '../../i18n.ts';
import { PeriodicJob, underAdvisoryLock } from '../../jobs/periodic-job.ts';
import { readSetting } from '../config/index.ts';
import { type DeliveryOptions, deliveryOptions, sendToSubscription, vapidKeys } from './delivery.ts';
import { pushOutbox, pushSubscriptions } from './push.schema.ts';

export const PUSH_OUTBOX_LOCK_KEY = 0x50534831;
const BATCH = 50;
/** Runs that may fail on a notice (every subscription failing, a database error) before it is given up. */
const MAX_ATTEMPTS = 5;

export interface QueuedPush {
  /** The wallet whose subscriptions receive it (any case). */
  user: string;
  kind: 'account' | 'operator';
  titleKey: string;
  bodyKey: string;
  params: Record<string, string | number>;
  url: string;
}

/** Queues a push in the caller's transaction: it is delivered only if that transaction commits. */
export async function queuePush(tx: DbOrTx, push: QueuedPush): Promise<void> {
  await tx.insert(pushOutbox).values({ ...push, user: push.user.toLowerCase() });
}

/**
 * The wallets of the operators who receive operator notices on their subscribed devices
 * (`admin config operator-push`); none by default.
 */
export const OPERATOR_PUSH_SETTING = 'operatorPushWallets';

export async function operatorPushWallets(db: DbOrTx): Promise<string[]> {
  return (await readSetting<string[]>(db, OPERATOR_PUSH_SETTING)) ?? [];
}

/** Queues an operator notice for each operator wallet, in the caller's transaction. */
export async function queueOperatorPush(
  tx: DbOrTx,
  push: Omit<QueuedPush, 'user' | 'kind'>,
): Promise<number> {
  const wallets = await operatorPushWallets(tx);
  for (const user of wallets) await queuePush(tx, { ...push, user, kind: 'operator' });
  return wallets.length;
}

export interface OutboxRun {
  /** Notices finished (delivered to every subscription, or to none when the user has none). */
  done: number;
  /** Messages that reached a push service. */
  sent: number;
}

/** Delivers up to one batch of queued notices. */
export async function deliverOutbox(
  db: DbOrTx,
  translator: Translator,
  options: DeliveryOptions = deliveryOptions(),
): Promise<OutboxRun> {
  const queued = await db
    .select()
    .from(pushOutbox)
    .where(and(isNull(pushOutbox.sentAt), lt(pushOutbox.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(pushOutbox.id))
    .limit(BATCH);
  const run: OutboxRun = { done: 0, sent: 0 };
  if (queued.length === 0) return run;
  const vapid = await vapidKeys(db, options);
  for (const notice of queued) {
    let failed = 0;
    let sent = 0;
    try {
      const subs = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user, notice.user));
      for (const sub of subs) {
        const t = translator.forLanguage(sub.lang);
        const message: PushMessage = {
          kind: notice.kind,
          id: notice.id,
          title: t(notice.titleKey, notice.params),
          body: t(notice.bodyKey, notice.params),
          lang: sub.lang,
          url: notice.url,
        };
        const outcome = await sendToSubscription(
          db,
          sub,
          JSON.stringify(message),
          `notice${notice.id}`,
          vapid,
          options,
        );
        if (outcome === 'sent') sent += 1;
        if (outcome === 'failed') failed += 1;
      }
    } catch {
      failed += 1;
    }
    // A notice that reached no push service at all is tried again next run; one that reached some
    // of the user's devices is not sent twice to those.
    const delivered = failed === 0 || sent > 0;
    run.sent += sent;
    await db
      .update(pushOutbox)
      .set(delivered ? { sentAt: new Date() } : { attempts: sql`${pushOutbox.attempts} + 1` })
      .where(eq(pushOutbox.id, notice.id));
    if (delivered) run.done += 1;
  }
  return run;
}

export function pushOutboxJob(database: Database, translator: Translator, everyMs = 2000): PeriodicJob {
  return new PeriodicJob({
    name: 'push notices',
    everyMs,
    run: async () => {
      const locked = await underAdvisoryLock(database, PUSH_OUTBOX_LOCK_KEY, () =>
        deliverOutbox(database.db, translator),
      );
      const run = locked.result;
      return run && run.done > 0 ? `${run.done} notices, ${run.sent} pushes sent` : null;
    },
  });
}
