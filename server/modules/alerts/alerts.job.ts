/**
 * The alert check (docs/alerts.md): every second, at the market engine's prices, active alerts
 * whose level is reached fire, and fired alerts not yet pushed are pushed to their owners'
 * subscriptions, each in the subscription's language. One process per deployment runs it
 * (PostgreSQL advisory lock "ALR1"), like the trading triggers.
 */
import { eq } from 'drizzle-orm';
import { alertPath } from '../../../protocol/alerts.ts';
import type { PushMessage } from '../../../protocol/push.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Translator } from '../../i18n.ts';
import { PeriodicJob, underAdvisoryLock } from '../../jobs/periodic-job.ts';
import type { MarketEngine } from '../markets/index.ts';
import {
  type DeliveryOptions,
  deliveryOptions,
  pushSubscriptions,
  sendToSubscription,
  vapidKeys,
} from '../push/index.ts';
import { fireReached, markNotified, unnotified } from './alerts.service.ts';

export const ALERTS_LOCK_KEY = 0x414c5231;
/** Alerts pushed per run; more wait for the next second. */
const PUSH_BATCH = 50;
/** Runs that may fail on an alert (a database error mid-push) before it is given up. */
const MAX_ATTEMPTS = 5;

export interface AlertRun {
  fired: number;
  pushed: number;
}

/** Pushes each fired, not yet pushed alert to every subscription of its owner. */
export async function pushFired(
  db: DbOrTx,
  translator: Translator,
  options: DeliveryOptions = deliveryOptions(),
): Promise<number> {
  const alerts = await unnotified(db, PUSH_BATCH, MAX_ATTEMPTS);
  if (alerts.length === 0) return 0;
  const vapid = await vapidKeys(db, options);
  let pushed = 0;
  for (const alert of alerts) {
    try {
      const subscriptions = await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.user, alert.owner));
      for (const sub of subscriptions) {
        const t = translator.forLanguage(sub.lang);
        const message: PushMessage = {
          kind: 'alert',
          id: alert.id,
          title: t(alert.direction === 'above' ? 'alerts.pushAbove' : 'alerts.pushBelow', {
            symbol: alert.symbol,
            price: alert.price,
          }),
          body: t('alerts.pushBody', { price: alert.firedPrice ?? '' }),
          lang: sub.lang,
          url: alertPath(alert.symbol),
        };
        if (
          (await sendToSubscription(db, sub, JSON.stringify(message), `alert${alert.id}`, vapid, options)) ===
          'sent'
        ) {
          pushed += 1;
        }
      }
      await markNotified(db, alert.id, true);
    } catch {
      await markNotified(db, alert.id, false);
    }
  }
  return pushed;
}

export async function runAlerts(
  database: Database,
  engine: MarketEngine,
  translator: Translator,
  now: number,
): Promise<AlertRun & { ran: boolean }> {
  const run = await underAdvisoryLock(database, ALERTS_LOCK_KEY, async () => {
    // A halted instrument (its live feed has gone quiet) pauses its alerts: no alert fires at a
    // price the feed may no longer have.
    const quotes = engine.source.instruments
      .map((i) => engine.quote(i.symbol, now))
      .filter((q) => q.delayedSince === undefined);
    const fired = await fireReached(database.db, quotes, new Date(now));
    const pushed = await pushFired(database.db, translator);
    return { fired: fired.length, pushed };
  });
  return { ran: run.ran, ...(run.result ?? { fired: 0, pushed: 0 }) };
}

export function priceAlertJob(database: Database, engine: MarketEngine, translator: Translator): PeriodicJob {
  return new PeriodicJob({
    name: 'price alerts',
    everyMs: 1000,
    run: async (at) => {
      const run = await runAlerts(database, engine, translator, at.getTime());
      return run.fired + run.pushed > 0 ? `${run.fired} fired, ${run.pushed} pushed` : null;
    },
  });
}
