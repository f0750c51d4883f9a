/**
 * Sessions: an httpOnly, SameSite=Strict cookie holding a random secret; the database keeps only
 * its SHA-256. Every product call looks the session up (server/app.ts) and sets `request.wallet`.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../../protocol/domain-error.ts';
import type { DbOrTx } from '../../db/client.ts';
import { findLiveSession } from './account.repository.ts';
import type { SiweOrigin } from './siwe.ts';

export const SESSION_COOKIE = 'sid';
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function newSessionSecrets(): { secret: string; token: string } {
  return { secret: randomBytes(32).toString('base64url'), token: randomBytes(16).toString('hex') };
}

/**
 * Sets `request.wallet` (and the session's hash) when the request's cookie is a live session.
 * Without a session cookie there is nothing to look up: undefined at once, not a promise.
 */
export function attachSession(request: FastifyRequest, db: DbOrTx): Promise<void> | undefined {
  const secret = request.cookies[SESSION_COOKIE];
  if (!secret || secret.length > 100) return undefined;
  const secretHash = hashSecret(secret);
  return findLiveSession(db, secretHash, Date.now()).then((session) => {
    if (session) {
      request.wallet = session.address;
      request.sessionHash = secretHash;
    }
  });
}

const isSecure = (request: FastifyRequest) => request.protocol === 'https';

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, secret: string): void {
  reply.setCookie(SESSION_COOKIE, secret, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    // Secure everywhere but plain-http localhost, where browsers would drop it.
    secure: isSecure(request),
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecure(request),
  });
}

/** A loopback Host header, whole: a name or address, then at most a port, nothing else. */
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:[0-9]{1,5})?$/;

/**
 * The origin login messages are bound to. PUBLIC_URL names it in production. Without it only a
 * loopback host is accepted: trusting any Host header would let a phishing site obtain messages
 * bound to its own domain that its visitors' wallets would sign without a warning.
 */
export function siweOrigin(request: FastifyRequest, publicUrl: string | null): SiweOrigin {
  if (publicUrl) {
    const url = new URL(publicUrl);
    return { domain: url.host, uri: url.origin };
  }
  // The whole header is checked: `localhost:1@evil.com` or `localhost/evil` is not a loopback host.
  const host = request.headers.host ?? '';
  if (!LOOPBACK_HOST.test(host)) throw new DomainError('login_origin_not_configured');
  return { domain: host, uri: `${request.protocol}://${host}` };
}
