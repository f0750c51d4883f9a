/**
 * Account and operator notices through the push outbox (docs/push.md), on PGlite and PostgreSQL:
 * saving and deleting a withdrawal address is announced to the owner's devices, each in its own
 * language, encrypted for its subscription (decrypted here by a local push service); a refused
 * save announces nothing; a notice goes out once however often the job runs; a push service that
 * is down gets the notice on a later run; operator notices reach the wallets the operator named.
 */
import { randomUUID } from 'node:crypto';
import { count, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import type { PushMessage } from '../../protocol/push.ts';
import { createTranslator, type Translator } from '../../server/i18n.ts';
import { configureDelivery } from '../../server/modules/push/delivery.ts';
import { deliverOutbox, queueOperatorPush } from '../../server/modules/push/outbox.ts';
import { pushOutbox } from '../../server/modules/push/push.schema.ts';
import { dataOf } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { checkedAdmin, directAdmin } from '../helpers/direct-admin.ts';
import { newReceiver, startPushService } from '../helpers/push-service.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';
import { type FundedWallet, fundedWallet } from '../helpers/wallets.ts';

const TRON_TO = 'TPjjvMwjPoDC32V2dGDYTkLH4E5LAtBZ6C';

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`push notices on ${target.name}`, () => {
    const env = useSeededApp(target);
    const admin = checkedAdmin(env);
    let service: Awaited<ReturnType<typeof startPushService>>;
    let translator: Translator;
    /** Endpoint names the push service answers 503 for, as a service that is down would. */
    const down = new Set<string>();
    let undo: () => void;
    const previousHosts = process.env.PUSH_SERVICE_HOSTS;
    beforeAll(async () => {
      service = await startPushService((name) => ({ status: down.has(name) ? 503 : 201 }));
      process.env.PUSH_SERVICE_HOSTS = service.host;
      undo = configureDelivery({ agent: service.agent, retryDelayMs: () => 5, attempts: 2 });
      translator = await createTranslator();
    });
    afterAll(async () => {
      undo?.();
      if (previousHosts === undefined) delete process.env.PUSH_SERVICE_HOSTS;
      else process.env.PUSH_SERVICE_HOSTS = previousHosts;
      await service?.close();
    });

    async function subscribe(w: FundedWallet, name: string, lang: string) {
      const receiver = newReceiver();
      const saved = await w.call('100666', {
        endpoint: service.endpoint(name),
        p256dh: receiver.p256dh,
        auth: receiver.auth,
        lang,
        requestId: randomUUID(),
      });
      expect(saved.respCode, saved.respMsg).toBe('00000');
      return (): PushMessage[] =>
        service.received
          .filter((r) => r.name === name)
          .map((r) => JSON.parse(receiver.decrypt(r.body)) as PushMessage);
    }
    const deliver = () => deliverOutbox(env.database.db, translator);
    const pending = async () =>
      (await env.database.db.select({ n: count() }).from(pushOutbox).where(isNull(pushOutbox.sentAt)))[0]?.n;

    test('saving and deleting an address is pushed to each device of the owner, in its language, once', async () => {
      await admin('config', 'address-delay', '24');
      const w = await fundedWallet(env, {});
      const phone = await subscribe(w, `book-ar-${target.name}`, 'ar');
      const laptop = await subscribe(w, `book-en-${target.name}`, 'en');
      const saved = await w.call('10028', {
        coin: 'USDT',
        chain: 'TRC20',
        address: TRON_TO,
        label: 'cold',
        requestId: randomUUID(),
      });
      expect(saved.respCode, saved.respMsg).toBe('00000');
      const usableFrom = new Date(dataOf(saved).usableFrom).toISOString().slice(0, 16).replace('T', ' ');
      // A refused save (the same address again) announces nothing.
      const again = await w.call('10028', {
        coin: 'USDT',
        chain: 'TRC20',
        address: TRON_TO,
        label: 'again',
        requestId: randomUUID(),
      });
      expect(again.respCode).toBe(ERRORS.address_book_duplicate.code);

      expect(await deliver()).toEqual({ done: 1, sent: 2 });
      expect(await deliver()).toEqual({ done: 0, sent: 0 });
      expect(laptop()).toEqual([
        {
          kind: 'account',
          id: expect.any(Number),
          title: 'New withdrawal address saved',
          body: `“cold” TPjjvM…BZ6C (USDT, TRC20) can receive withdrawals from ${usableFrom} UTC. Not you? Delete it in the address book now.`,
          lang: 'en',
          url: '/withdrawAddressBook',
        },
      ]);
      expect(phone()).toHaveLength(1);
      expect(phone()[0]).toMatchObject({ kind: 'account', title: 'حُفظ عنوان سحب جديد', lang: 'ar' });
      expect(phone()[0]?.body).toContain('TPjjvM…BZ6C');

      const deleted = await w.call('10029', { id: String(dataOf(saved).id), requestId: randomUUID() });
      expect(deleted.respCode).toBe('00000');
      expect(await deliver()).toEqual({ done: 1, sent: 2 });
      expect(laptop().map((m) => m.title)).toEqual([
        'New withdrawal address saved',
        'Withdrawal address deleted',
      ]);
      // Another user's devices heard nothing.
      const other = await fundedWallet(env, {});
      const theirs = await subscribe(other, `book-other-${target.name}`, 'en');
      await deliver();
      expect(theirs()).toEqual([]);
    });

    test('a push service that is down gets the notice on a later run; a user without devices is done at once', async () => {
      await admin('config', 'address-delay', 'off');
      const w = await fundedWallet(env, {});
      const name = `book-down-${target.name}`;
      const device = await subscribe(w, name, 'fr');
      down.add(name);
      // The service records every request, the refused ones too: count what comes after them.
      const save = (address: string) =>
        w.call('10028', { coin: 'USDT', chain: 'TRC20', address, label: 'froid', requestId: randomUUID() });
      expect((await save(TRON_TO)).respCode).toBe('00000');
      expect(await deliver()).toEqual({ done: 0, sent: 0 });
      expect(await pending()).toBe(1);
      const refusedTries = device().length;
      down.delete(name);
      expect(await deliver()).toEqual({ done: 1, sent: 1 });
      expect(
        device()
          .slice(refusedTries)
          .map((m) => m.title),
      ).toEqual(['Nouvelle adresse de retrait enregistrée']);
      expect(await pending()).toBe(0);

      const quiet = await fundedWallet(env, {});
      expect(
        (
          await quiet.call('10028', {
            coin: 'USDT',
            chain: 'TRC20',
            address: TRON_TO,
            label: 'x',
            requestId: randomUUID(),
          })
        ).respCode,
      ).toBe('00000');
      expect(await deliver()).toEqual({ done: 1, sent: 0 });
    });

    test('operator notices go to the wallets the operator named, and nowhere without any', async () => {
      const refused = await directAdmin(env)('config', 'operator-push', 'not-a-wallet');
      expect(refused.ok).toBe(false);
      const alice = await fundedWallet(env, {});
      const bob = await fundedWallet(env, {});
      const alicePhone = await subscribe(alice, `ops-alice-${target.name}`, 'ja');
      const bobPhone = await subscribe(bob, `ops-bob-${target.name}`, 'en');
      const notice = {
        titleKey: 'operator.pushSenderPausedTitle',
        bodyKey: 'operator.pushSenderPausedBody',
        params: { coin: 'USDT', chain: 'ERC20', address: '0xabc' },
        url: '/home',
      };
      expect(await queueOperatorPush(env.database.db, notice)).toBe(0);
      await admin(
        'config',
        'operator-push',
        `${alice.address},${bob.address.toUpperCase().replace('0X', '0x')}`,
      );
      expect(await queueOperatorPush(env.database.db, notice)).toBe(2);
      await deliver();
      expect(alicePhone()).toEqual([
        expect.objectContaining({
          kind: 'operator',
          title: '出金停止中：ERC20のUSDT',
          lang: 'ja',
          url: '/home',
        }),
      ]);
      expect(bobPhone().map((m) => m.title)).toEqual(['Withdrawals paused: USDT on ERC20']);
      await admin('config', 'operator-push', 'off');
      expect(await queueOperatorPush(env.database.db, notice)).toBe(0);
    });
  });
}
