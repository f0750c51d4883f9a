/**
 * Wallet login end to end through the API on PGlite and PostgreSQL: challenge, signature,
 * session cookie, user info, logout, and every way a login must be refused.
 */
import { randomUUID } from 'node:crypto';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import { caller, dataOf, post } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { challenge, HOST, signIn, TEST_KEYS } from '../helpers/login.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`wallet login on ${target.name}`, () => {
    const env = useSeededApp(target);

    test('the account feature is open once its codes exist', async () => {
      expect(dataOf(await caller(env.app)('00000')).features.account).toBe(true);
    });

    /** Redeems a signed login message (10002) through `headers` (by default the configured host). */
    const redeem = (message: string, signature: string, headers: Record<string, string> = HOST) =>
      post(env.app, '10002', { message, signature, requestId: randomUUID() }, headers);

    test('sign in sets an httpOnly SameSite=Strict cookie; the session reads the user; logout ends it', async () => {
      const { envelope, response, login, cookieHeader, account } = await signIn(env.app, TEST_KEYS.alice);
      expect(envelope.respCode).toBe('00000');
      expect(login?.user).toMatchObject({ address: account.address, inviter: null });
      expect(login?.user.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
      expect(login?.token).toMatch(/^[0-9a-f]{32}$/);
      const cookie = response.cookies.find((c) => c.name === 'sid');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
      // The script-readable token is not the credential.
      expect(cookie?.value).not.toBe(login?.token);

      const call = caller(env.app, { cookie: cookieHeader });
      const me = await call('10008');
      expect(me.respCode).toBe('00000');
      expect(dataOf(me).address).toBe(account.address);

      const out = await call('10003', { requestId: randomUUID() });
      expect(out.respCode).toBe('00000');
      const after = await call('10008');
      expect(after.respCode).toBe('500');
    });

    test('signing in again keeps the same user and invitation code', async () => {
      const first = await signIn(env.app, TEST_KEYS.bob);
      const second = await signIn(env.app, TEST_KEYS.bob);
      expect(second.login?.user).toEqual(first.login?.user);
      expect(second.login?.token).not.toBe(first.login?.token);
    });

    test('a replayed message and signature are refused, also with a fresh requestId', async () => {
      const first = await signIn(env.app, TEST_KEYS.alice);
      const replay = await redeem(first.message, first.signature, { ...HOST, cookie: 'lang=en' });
      expect(replay.envelope).toMatchObject({ respCode: ERRORS.login_challenge_used.code, data: null });
      expect(replay.envelope.respMsg).toContain('already used');
      expect(replay.response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    });

    test('a tampered message is refused even with a valid signature of the tampered text', async () => {
      const account = privateKeyToAccount(TEST_KEYS.alice);
      const { message } = await challenge(env.app, account.address);
      const tampered = message.replace('Chain ID: 1', 'Chain ID: 56');
      const signature = await account.signMessage({ message: tampered });
      const { envelope } = await redeem(tampered, signature);
      expect(envelope.respCode).toBe(ERRORS.login_challenge_invalid.code);
    });

    test("another wallet's signature is refused", async () => {
      const alice = privateKeyToAccount(TEST_KEYS.alice);
      const bob = privateKeyToAccount(TEST_KEYS.bob);
      const { message } = await challenge(env.app, alice.address);
      const signature = await bob.signMessage({ message });
      const { envelope } = await redeem(message, signature);
      expect(envelope.respCode).toBe(ERRORS.login_signature_invalid.code);
    });

    test('a message redeemed through another host (foreign domain) is refused', async () => {
      const account = privateKeyToAccount(TEST_KEYS.alice);
      const { message } = await challenge(env.app, account.address);
      const signature = await account.signMessage({ message });
      const { envelope } = await redeem(message, signature, { host: 'localhost:8080' });
      expect(envelope.respCode).toBe(ERRORS.login_challenge_invalid.code);
    });

    test('without PUBLIC_URL only loopback hosts may sign in', async () => {
      const account = privateKeyToAccount(TEST_KEYS.alice);
      const { envelope } = await post(
        env.app,
        '10001',
        { address: account.address, chainId: '1' },
        { host: 'evil.example' },
      );
      expect(envelope.respCode).toBe(ERRORS.login_origin_not_configured.code);
      // A loopback name followed by anything but a port is not loopback (once a 503 with a stack).
      for (const host of [
        'localhost:1@evil.com',
        'localhost:8282/evil',
        'localhost:',
        '127.0.0.1.evil.com',
        '[::1]x',
      ]) {
        const { response, envelope: refused } = await post(
          env.app,
          '10001',
          { address: account.address, chainId: '1' },
          { host },
        );
        expect([host, response.statusCode, refused.respCode]).toEqual([
          host,
          400,
          ERRORS.login_origin_not_configured.code,
        ]);
      }
    });

    test('an invitation code binds the inviter on first login; a bad one is a notice, not a failure', async () => {
      const inviter = await signIn(env.app, TEST_KEYS.alice);
      const code = inviter.login?.user.inviteCode ?? '';
      const fresh =
        `0x${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}` as `0x${string}`;
      const invited = await signIn(env.app, fresh, { inviteCode: code });
      expect(invited.login).toMatchObject({ invite: 'bound', user: { inviter: inviter.account.address } });

      const other =
        `0x${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}` as `0x${string}`;
      const bad = await signIn(env.app, other, { inviteCode: 'ZZZZZZZZ' });
      expect(bad.envelope.respCode).toBe('1001');
      expect(bad.envelope.respMsg.length).toBeGreaterThan(0);
      expect(bad.login).toMatchObject({ invite: 'invalid', user: { inviter: null } });

      // An existing user keeps the inviter it has.
      const again = await signIn(env.app, TEST_KEYS.alice, {
        inviteCode: invited.login?.user.inviteCode ?? '',
      });
      expect(again.login).toMatchObject({ invite: 'ignored', user: { inviter: null } });
    });

    test('malformed login fields are refused with field errors', async () => {
      const { envelope } = await redeem('hello', '0x12', { ...HOST, cookie: 'lang=en' });
      expect(envelope.respCode).toBe(ERRORS.field_invalid.code);
      const bad = await post(env.app, '10001', { address: '0x123', chainId: '1' }, HOST);
      expect(bad.envelope.respCode).toBe(ERRORS.field_invalid.code);
    });

    test('concurrent logins with one challenge: exactly one session', async () => {
      const account = privateKeyToAccount(TEST_KEYS.bob);
      const { message } = await challenge(env.app, account.address);
      const signature = await account.signMessage({ message });
      const results = await Promise.all(Array.from({ length: 6 }, () => redeem(message, signature)));
      const ok = results.filter((r) => r.envelope.respCode === '00000');
      expect(ok).toHaveLength(1);
      expect(results.filter((r) => r.envelope.respCode === ERRORS.login_challenge_used.code)).toHaveLength(5);
    });
  });
}
