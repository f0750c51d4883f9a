/**
 * The VAPID key pair (RFC 8292) push messages are signed with. Taken from VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY when both are set; otherwise generated on the first start and kept in the
 * settings table, so every server process and the admin CLI sign with the same key and browsers'
 * subscriptions stay valid across restarts. VAPID_SUBJECT (mailto: or https:) names the operator
 * to the push services.
 */
import webpush from 'web-push';
import type { DbOrTx } from '../../db/client.ts';
import { addSettingIfAbsent, readSetting } from '../config/index.ts';

export const VAPID_SETTING_KEY = 'pushVapid';
const DEFAULT_SUBJECT = 'mailto:operator@meridian.invalid';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

interface StoredPair {
  publicKey: string;
  privateKey: string;
}

function subjectFrom(env: NodeJS.ProcessEnv): string {
  const subject = env.VAPID_SUBJECT || DEFAULT_SUBJECT;
  if (!/^(mailto:|https:\/\/)/.test(subject))
    throw new Error('VAPID_SUBJECT must be a mailto: or https: URL');
  return subject;
}

/** The pair from the environment, or null when neither variable is set. */
export function vapidFromEnv(env: NodeJS.ProcessEnv = process.env): VapidKeys | null {
  const publicKey = env.VAPID_PUBLIC_KEY ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY ?? '';
  if (publicKey === '' && privateKey === '') return null;
  if (publicKey === '' || privateKey === '')
    throw new Error('set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  if (!/^[A-Za-z0-9_-]{87}$/.test(publicKey) || !/^[A-Za-z0-9_-]{43}$/.test(privateKey))
    throw new Error(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be base64url keys (npx web-push generate-vapid-keys)',
    );
  return { publicKey, privateKey, subject: subjectFrom(env) };
}

function isStoredPair(value: unknown): value is StoredPair {
  const v = value as Partial<StoredPair> | undefined;
  return typeof v?.publicKey === 'string' && typeof v.privateKey === 'string';
}

/** The public key clients subscribe with (00000), or null before the first start made one. */
export function vapidPublicKeyOf(stored: unknown, env: NodeJS.ProcessEnv = process.env): string | null {
  const fromEnv = vapidFromEnv(env);
  if (fromEnv) return fromEnv.publicKey;
  return isStoredPair(stored) ? stored.publicKey : null;
}

/** The keys to sign with: the environment's, the stored pair, or a new pair stored now. */
export async function resolveVapidKeys(db: DbOrTx, env: NodeJS.ProcessEnv = process.env): Promise<VapidKeys> {
  const fromEnv = vapidFromEnv(env);
  if (fromEnv) return fromEnv;
  const subject = subjectFrom(env);
  const stored = await readSetting<unknown>(db, VAPID_SETTING_KEY);
  if (isStoredPair(stored)) return { ...stored, subject };
  const fresh = webpush.generateVAPIDKeys();
  // Two processes starting at once: the first insert wins and both read it back.
  await addSettingIfAbsent(db, VAPID_SETTING_KEY, {
    publicKey: fresh.publicKey,
    privateKey: fresh.privateKey,
  });
  const kept = await readSetting<unknown>(db, VAPID_SETTING_KEY);
  if (!isStoredPair(kept)) throw new Error('VAPID keys could not be stored');
  return { ...kept, subject };
}
