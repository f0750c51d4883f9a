/**
 * Push subscriptions (100666 save, 100655 delete). One row per endpoint: saving it again updates
 * its keys, its user and its language. Only endpoints of known push services are accepted, so
 * the server never posts announcements to an address a visitor chose (PUSH_SERVICE_HOSTS
 * replaces the list, e.g. for a self-hosted push service or a test).
 */
import { eq } from 'drizzle-orm';
import { DomainError } from '../../../protocol/domain-error.ts';
import type { PushDeleted, PushSaved, PushSubscribeRequest } from '../../../protocol/push.ts';
import type { DbOrTx } from '../../db/client.ts';
import { pushSubscriptions } from './push.schema.ts';

/** The browsers' push services: Chrome, Edge, Firefox, Safari (and browsers built on them). */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
];

export function pushServiceHosts(env: NodeJS.ProcessEnv = process.env): string[] {
  const raw = env.PUSH_SERVICE_HOSTS?.trim();
  if (!raw) return DEFAULT_PUSH_SERVICE_HOSTS;
  return raw
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
}

/** `host` or `host:port` matches an entry; `*.example.com` matches any subdomain of it. */
export function endpointAllowed(endpoint: string, hosts: readonly string[]): boolean {
  const url = new URL(endpoint);
  const host = url.hostname.toLowerCase();
  return hosts.some((entry) => {
    if (entry.startsWith('*.')) return host.endsWith(entry.slice(1)) && url.port === '';
    return entry === host ? url.port === '' : entry === url.host;
  });
}

export async function saveSubscription(
  db: DbOrTx,
  wallet: string | null,
  input: PushSubscribeRequest,
  hosts: readonly string[] = pushServiceHosts(),
): Promise<PushSaved> {
  if (!endpointAllowed(input.endpoint, hosts)) throw new DomainError('field_invalid', { field: 'endpoint' });
  const values = {
    endpoint: input.endpoint,
    p256dh: input.p256dh,
    auth: input.auth,
    user: wallet?.toLowerCase() ?? null,
    lang: input.lang,
  };
  const [existing] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, input.endpoint));
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { ...values, updatedAt: new Date() },
    });
  return { updated: existing !== undefined };
}

export async function deleteSubscription(db: DbOrTx, endpoint: string): Promise<PushDeleted> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint))
    .returning({ id: pushSubscriptions.id });
  return { deleted: rows.length > 0 };
}
