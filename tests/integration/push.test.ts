/**
 * Push end to end against a local HTTPS push service (tests/helpers/push-service.ts): browsers
 * subscribe through 100666, the operator publishes with `news publish`, and every subscription
 * receives one aes128gcm message, signed with the server's VAPID key, that decrypts with that
 * subscription's own keys to the announcement in its language. 410 deletes the subscription,
 * 500 is retried and given up, and none of it holds up publishing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PushMessage } from '../../protocol/push.ts';
import { configureDelivery } from '../../server/modules/push/delivery.ts';
import { caller, dataOf } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { opsAdmin } from '../helpers/direct-admin.ts';
import { signIn, TEST_KEYS } from '../helpers/login.ts';
import { newReceiver, startPushService, verifyVapid } from '../helpers/push-service.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';

type Service = Awaited<ReturnType<typeof startPushService>>;

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`push delivery on ${target.name}`, () => {
    const env = useSeededApp(target);
    const admin = opsAdmin(env);
    let service: Service;
    let undo: () => void;
    const previousHosts = process.env.PUSH_SERVICE_HOSTS;

    beforeAll(async () => {
      service = await startPushService((name, attempt) => {
        if (name.startsWith('gone')) return { status: 410 };
        if (name.startsWith('broken')) return { status: 500 };
        if (name.startsWith('busy') && attempt === 1) return { status: 429, headers: { 'retry-after': '0' } };
        return { status: 201 };
      });
      process.env.PUSH_SERVICE_HOSTS = service.host;
      undo = configureDelivery({ agent: service.agent, retryDelayMs: () => 20, attempts: 3 });
    });
    afterAll(async () => {
      undo?.();
      if (previousHosts === undefined) delete process.env.PUSH_SERVICE_HOSTS;
      else process.env.PUSH_SERVICE_HOSTS = previousHosts;
      await service?.close();
    });

    test('publishing sends each subscription one encrypted message in its language; 410 removes, 500 gives up', async () => {
      const alice = await signIn(env.app, TEST_KEYS.alice);
      // Name and language of each subscription; fr-1's is not written in French: English is the fallback.
      const subscribers = (
        [
          ['en-1', 'en'],
          ['zh-1', 'zh-CN'],
          ['ar-1', 'ar'],
          ['fr-1', 'fr'],
          ['zh-2', 'zh-CN'],
          ['en-2', 'en'],
          ['ar-2', 'ar'],
          ['busy-1', 'en'],
          ['gone-1', 'en'],
          ['broken-1', 'ar'],
        ] as const
      ).map(([name, lang]) => ({ name, lang, receiver: newReceiver(), endpoint: service.endpoint(name) }));
      for (const [i, s] of subscribers.entries()) {
        // The first one is saved signed in: it is tied to Alice.
        const saved = await caller(env.app, i === 0 ? { cookie: alice.cookieHeader } : {})('100666', {
          endpoint: s.endpoint,
          p256dh: s.receiver.p256dh,
          auth: s.receiver.auth,
          lang: s.lang,
          requestId: randomUUID(),
        });
        expect(saved).toMatchObject({ respCode: '00000', data: { updated: false } });
      }
      const config = dataOf(await caller(env.app)('00000'));
      expect(config.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

      // Every answer waits until released: publishing must finish without waiting for sending.
      service.hold();
      const result = await admin(
        ...['news', 'publish'],
        ...['--lang', 'en', '--title', 'Maintenance tonight', '--body', 'Deposits pause at **02:00 UTC**.'],
        ...['--lang', 'zh-CN', '--title', '今晚维护', '--body', '充值将于 **02:00 UTC** 暂停。'],
        ...['--lang', 'ar', '--title', 'صيانة الليلة', '--body', 'تتوقف الإيداعات الساعة **02:00 UTC**.'],
      );
      expect(result).toMatchObject({ ok: true });
      const id = (result.json as { id: number }).id;
      const listed = dataOf(await caller(env.app, { cookie: 'lang=en' })('10083'));
      expect(listed.list.map((a) => a.id)).toContain(id);
      expect(service.received.length).toBeLessThanOrEqual(4);
      service.release();
      const lines = await result.background;
      expect(lines).toEqual([
        `announcement ${id} pushed to 10 subscriptions: 8 sent, 1 removed (gone), 1 failed`,
      ]);
      expect(service.maxInFlight()).toBeLessThanOrEqual(4);
      expect(service.maxInFlight()).toBeGreaterThan(1);

      const expected: Record<string, [string, string]> = {
        en: ['Maintenance tonight', 'Deposits pause at 02:00 UTC.'],
        'zh-CN': ['今晚维护', '充值将于 02:00 UTC 暂停。'],
        ar: ['صيانة الليلة', 'تتوقف الإيداعات الساعة 02:00 UTC.'],
        fr: ['Maintenance tonight', 'Deposits pause at 02:00 UTC.'],
      };
      for (const s of subscribers) {
        const requests = service.received.filter((r) => r.name === s.name);
        const want = s.name.startsWith('broken') ? 3 : s.name.startsWith('busy') ? 2 : 1;
        expect(requests, s.name).toHaveLength(want);
        for (const r of requests) {
          expect(r.headers['content-encoding']).toBe('aes128gcm');
          expect(Number(r.headers.ttl)).toBeGreaterThan(0);
          verifyVapid(
            String(r.headers.authorization),
            config.vapidPublicKey ?? '',
            `https://${service.host}`,
          );
          const message = JSON.parse(s.receiver.decrypt(r.body)) as PushMessage;
          const [title, body] = expected[s.lang] ?? ['', ''];
          expect(message).toEqual({
            kind: 'announcement',
            id,
            title,
            body,
            lang: s.lang === 'fr' ? 'en' : s.lang,
            url: `/newsDetail?id=${id}`,
          });
        }
        // Another subscription's keys cannot read it.
        const other = subscribers.find((o) => o !== s);
        expect(() => other?.receiver.decrypt(requests[0]?.body ?? Buffer.alloc(0))).toThrow();
      }

      // 410: the subscription is gone; 500: kept (a later announcement tries again).
      const next = await admin('news', 'publish', '--title', 'Second', '--body', 'Again.');
      expect(await next.background).toEqual([
        `announcement ${(next.json as { id: number }).id} pushed to 9 subscriptions: 8 sent, 0 removed (gone), 1 failed`,
      ]);
      expect(service.received.filter((r) => r.name === 'gone-1')).toHaveLength(1);
    });

    test('saving the same endpoint again updates its row; deleting removes it', async () => {
      const receiver = newReceiver();
      const endpoint = service.endpoint('again-1');
      const body = { endpoint, p256dh: receiver.p256dh, auth: receiver.auth, lang: 'en' };
      const call = caller(env.app);
      const first = await call('100666', { ...body, requestId: randomUUID() });
      const second = await call('100666', { ...body, lang: 'ja', requestId: randomUUID() });
      expect(first.data).toEqual({ updated: false });
      expect(second.data).toEqual({ updated: true });
      const removed = await call('100655', { endpoint, requestId: randomUUID() });
      expect(removed).toMatchObject({ respCode: '00000', data: { deleted: true } });
      const twice = await call('100655', { endpoint, requestId: randomUUID() });
      expect(twice.data).toEqual({ deleted: false });
    });
  });
}
