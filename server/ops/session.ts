/**
 * Operator sessions (docs/operations.md): an httpOnly, SameSite=Strict cookie `opsid` whose path
 * is /adc/ops, so the browser never sends it with a user call, and whose SHA-256 alone is stored.
 * A session ends after OPS_IDLE_MS without a call, OPS_MAX_MS after sign-in, when its operator is
 * removed or given another role, or at logout.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getAddress } from 'viem';
import { OPS_IDLE_MS, OPS_MAX_MS, type OperatorInfo } from '../../protocol/ops.ts';
import { operatorSessions } from '../admin/operators.schema.ts';
import { type ActiveOperator, findActiveOperator } from '../admin/operators.ts';
import type { DbOrTx } from '../db/client.ts';
import { hashSecret } from '../modules/account/index.ts';

export const OPS_COOKIE = 'opsid';
export const OPS_COOKIE_PATH = '/adc/ops';

export interface OperatorSession extends OperatorInfo {
  secretHash: string;
  /** Lower case, as stored. */
  key: string;
}

const isSecure = (request: FastifyRequest) => request.protocol === 'https';

export async function openOperatorSession(
  db: DbOrTx,
  request: FastifyRequest,
  reply: FastifyReply,
  operator: ActiveOperator,
  now: number,
): Promise<OperatorInfo> {
  const secret = randomBytes(32).toString('base64url');
  await db.insert(operatorSessions).values({
    secretHash: hashSecret(secret),
    address: operator.address,
    createdAt: now,
    lastSeenAt: now,
  });
  reply.setCookie(OPS_COOKIE, secret, {
    path: OPS_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecure(request),
    maxAge: OPS_MAX_MS / 1000,
  });
  return {
    address: getAddress(operator.address),
    role: operator.role,
    idleExpiresAt: now + OPS_IDLE_MS,
    expiresAt: now + OPS_MAX_MS,
  };
}

export function clearOperatorCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(OPS_COOKIE, {
    path: OPS_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecure(request),
  });
}

/**
 * The live session the request's cookie names, its idle time renewed; null when there is none
 * or it has ended (and then it is ended for good).
 */
export async function liveOperatorSession(
  db: DbOrTx,
  request: FastifyRequest,
  now: number,
): Promise<OperatorSession | null> {
  const secret = request.cookies[OPS_COOKIE];
  if (!secret || secret.length > 100) return null;
  const secretHash = hashSecret(secret);
  const [row] = await db
    .select()
    .from(operatorSessions)
    .where(and(eq(operatorSessions.secretHash, secretHash), isNull(operatorSessions.revokedAt)));
  if (!row) return null;
  const operator = await findActiveOperator(db, row.address);
  const ended = now - row.lastSeenAt > OPS_IDLE_MS || now - row.createdAt > OPS_MAX_MS;
  if (!operator || ended) {
    await revokeOperatorSession(db, secretHash, now);
    return null;
  }
  await db
    .update(operatorSessions)
    .set({ lastSeenAt: now })
    .where(eq(operatorSessions.secretHash, secretHash));
  return {
    secretHash,
    key: row.address,
    address: getAddress(row.address),
    role: operator.role,
    idleExpiresAt: now + OPS_IDLE_MS,
    expiresAt: row.createdAt + OPS_MAX_MS,
  };
}

export async function revokeOperatorSession(db: DbOrTx, secretHash: string, now: number): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(eq(operatorSessions.secretHash, secretHash));
}
