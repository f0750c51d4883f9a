/**
 * The console's sign-in and sessions (docs/operations.md): only operators get in, with a cookie
 * of their own that user calls never read (and the other way round); sessions end after 15
 * minutes idle, 8 hours in all, at logout, and when the operator is removed; refused sign-ins
 * are audited.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import { OPS_IDLE_MS, OPS_MAX_MS } from '../../protocol/ops.ts';
import { adminAudit } from '../../server/admin/audit.schema.ts';
import { operatorSessions } from '../../server/admin/operators.schema.ts';
import { runAdminCommand } from '../../server/admin/runner.ts';
import { caller } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { freshKey, signIn } from '../helpers/login.ts';
import { newOperator, opsPost, opsSignIn } from '../helpers/ops-console.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';

const target = DATABASE_TARGETS[0];
if (!target) throw new Error('no database');

describe('operator sessions', () => {
  const env = useSeededApp(target);

  test('a wallet that is not an operator is refused, and the refusal is audited', async () => {
    await expect(opsSignIn(env.app, freshKey())).rejects.toThrow(ERRORS.ops_not_operator.code);
    const refused = await env.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.command, 'console sign-in'));
    expect(refused.some((r) => r.outcome === 'error' && r.detail === 'not an operator')).toBe(true);
  });

  test('a challenge is single use, and a user login message does not open the console', async () => {
    const op = await newOperator(env.app, env.database, 'support');
    expect((await op.call('me')).data).toMatchObject({ address: op.address, role: 'support' });
    // The user's own login text (statement DAPP, nonce from 10001) is not an operator challenge.
    const user = await signIn(env.app, op.key);
    const reused = await opsPost(env.app, 'login', { message: user.message, signature: user.signature });
    expect(reused.envelope.respCode).toBe(ERRORS.login_challenge_used.code);
  });

  test('the two cookies open only their own calls', async () => {
    const op = await newOperator(env.app, env.database, 'admin');
    const user = await signIn(env.app, freshKey());
    // A user session never opens the console…
    const asUser = await opsPost(env.app, 'me', {}, { cookie: user.cookieHeader });
    expect(asUser.envelope.respCode).toBe(ERRORS.session_ended.code);
    // …and an operator session never opens user calls (10008 user info needs a user session).
    const asOperator = await caller(env.app, { cookie: op.cookie })('10008');
    expect(asOperator.respCode).toBe(ERRORS.session_ended.code);
    // The cookie is httpOnly, SameSite=Strict and sent only to the console's calls.
    const challenge = await opsPost(env.app, 'challenge', { address: op.address, chainId: '1' });
    expect(challenge.envelope.respCode).toBe('00000');
  });

  test('a session ends 15 minutes idle, 8 hours after sign-in, at logout, and on removal', async () => {
    const { db } = env.database;
    const idle = await newOperator(env.app, env.database, 'support');
    await db.update(operatorSessions).set({ lastSeenAt: Date.now() - OPS_IDLE_MS - 1000 });
    expect((await idle.call('me')).respCode).toBe(ERRORS.session_ended.code);

    const old = await newOperator(env.app, env.database, 'support');
    // Busy all along (seen a second ago) but signed in over 8 hours ago.
    await db
      .update(operatorSessions)
      .set({ createdAt: Date.now() - OPS_MAX_MS - 1000, lastSeenAt: Date.now() - 1000 });
    expect((await old.call('me')).respCode).toBe(ERRORS.session_ended.code);

    const leaving = await newOperator(env.app, env.database, 'support');
    expect((await leaving.call('logout')).respCode).toBe('00000');
    expect((await leaving.call('me')).respCode).toBe(ERRORS.session_ended.code);

    const removed = await newOperator(env.app, env.database, 'reviewer');
    expect((await removed.call('me')).respCode).toBe('00000');
    const result = await runAdminCommand(
      { argv: ['operators', 'remove', removed.address, '--reason', 'left the team'], actor: 'root' },
      { database: env.database, via: 'direct' },
    );
    expect(result.ok, result.text).toBe(true);
    expect((await removed.call('me')).respCode).toBe(ERRORS.session_ended.code);
  });
});
