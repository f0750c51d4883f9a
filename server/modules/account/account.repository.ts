import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginChallenges, sessions, users } from './account.schema.ts';

export type UserRow = typeof users.$inferSelect;

export async function saveChallenge(
  db: DbOrTx,
  row: typeof loginChallenges.$inferInsert,
  now: number,
): Promise<void> {
  // Sweep what nobody redeemed, so the table stays as small as the logins in flight.
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
  await db.insert(loginChallenges).values(row);
}

/** Deletes and returns the challenge in one statement: of two concurrent logins only one gets it. */
export async function takeChallenge(db: DbOrTx, nonce: string) {
  const [row] = await db.delete(loginChallenges).where(eq(loginChallenges.nonce, nonce)).returning();
  return row ?? null;
}

export async function findUser(db: DbOrTx, address: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.address, address.toLowerCase()));
  return row ?? null;
}

export async function findUserByInviteCode(db: DbOrTx, code: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.inviteCode, code));
  return row ?? null;
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O or 1/I: codes are read aloud and typed

export function newInviteCode(): string {
  return Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** Creates the user on first login; a concurrent first login of the same wallet finds the row. */
export async function ensureUser(
  db: DbOrTx,
  address: string,
  inviter: string | null,
): Promise<{ user: UserRow; created: boolean }> {
  const key = address.toLowerCase();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [created] = await db
      .insert(users)
      .values({ address: key, inviteCode: newInviteCode(), inviter })
      .onConflictDoNothing()
      .returning();
    if (created) return { user: created, created: true };
    const existing = await findUser(db, key);
    if (existing) return { user: existing, created: false };
    // Otherwise the invitation code collided with another user's: draw again.
  }
  throw new Error('could not draw a free invitation code');
}

export async function createSession(db: DbOrTx, row: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(row);
}

export async function findLiveSession(db: DbOrTx, secretHash: string, now: number) {
  const [row] = await db
    .select({ address: sessions.address, token: sessions.token })
    .from(sessions)
    .where(and(eq(sessions.secretHash, secretHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return row ?? null;
}

export async function revokeSession(db: DbOrTx, secretHash: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.secretHash, secretHash));
}
