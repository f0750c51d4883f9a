/**
 * Price alerts (docs/alerts.md): set, list, delete and their refusals; firing exactly once when a
 * controlled price crosses the level, also when runs race and after a restart; the push reaching a
 * local push service encrypted for the owner's subscription (decrypted here) in its language; and
 * two server processes on one PostgreSQL, where the alert set on one fires once from whichever
 * process holds the job.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ALERTS_PER_USER, type PriceAlert } from '../../protocol/alerts.ts';
import { ERRORS } from '../../protocol/errors.ts';
import type { PushMessage } from '../../protocol/push.ts';
import { createTranslator, type Translator } from '../../server/i18n.ts';
import { runAlerts } from '../../server/modules/alerts/alerts.job.ts';
import { MarketEngine } from '../../server/modules/markets/engine.ts';
import { configureDelivery } from '../../server/modules/push/delivery.ts';
import { buildTestApp, caller, dataOf, type TestCall } from '../helpers/app.ts';
import { createControlledSource } from '../helpers/controlled-prices.ts';
import { DATABASE_TARGETS, postgresAvailable } from '../helpers/databases.ts';
import { expectSuccess } from '../helpers/expect-success.ts';
import { signIn } from '../helpers/login.ts';
import { newReceiver, startPushService } from '../helpers/push-service.ts';
import { useMarketApp } from '../helpers/seeded-app.ts';
import { sharedSession, useServerPair } from '../helpers/server-pair.ts';
import { adminCli, signInOver } from '../helpers/server-process.ts';

type PushService = Awaited<ReturnType<typeof startPushService>>;

function usePushService() {
  const env = {} as { service: PushService };
  let undo: () => void;
  const previousHosts = process.env.PUSH_SERVICE_HOSTS;
  beforeAll(async () => {
    env.service = await startPushService(() => ({ status: 201 }));
    process.env.PUSH_SERVICE_HOSTS = env.service.host;
    undo = configureDelivery({ agent: env.service.agent, retryDelayMs: () => 10, attempts: 2 });
  });
  afterAll(async () => {
    undo?.();
    if (previousHosts === undefined) delete process.env.PUSH_SERVICE_HOSTS;
    else process.env.PUSH_SERVICE_HOSTS = previousHosts;
    await env.service?.close();
  });
  return env;
}

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`price alerts on ${target.name}`, () => {
    const push = usePushService();
    const env = useMarketApp(target, createControlledSource());
    let translator: Translator;
    beforeAll(async () => {
      translator = await createTranslator();
    });

    async function user(lang = 'en') {
      const signed = await signIn(env.app, generatePrivateKey());
      const cookie = `${signed.cookieHeader}; lang=${lang}`;
      // env.app is read at each call: a test restarts the app and calls on with the same users.
      const call: TestCall = (code, body) => caller(env.app, { cookie })(code, body);
      const set = (symbol: string, direction: string, price: string) =>
        call('10092', { symbol, direction, price, requestId: randomUUID() });
      const list = async (symbol?: string) => dataOf(await call('10093', symbol ? { symbol } : {}));
      const subscribe = async (name: string) => {
        const receiver = newReceiver();
        const saved = await call('100666', {
          endpoint: push.service.endpoint(name),
          p256dh: receiver.p256dh,
          auth: receiver.auth,
          lang,
          requestId: randomUUID(),
        });
        expect(saved.respCode, saved.respMsg).toBe('00000');
        return receiver;
      };
      return { signed, call, set, list, subscribe };
    }
    const run = () => runAlerts(env.database, env.engine, translator, Date.now());

    test('set, list and delete; a level already reached, a bad field, the limit and a stranger are refused', async () => {
      env.source.pin('BTCUSDT', '60000.00', '60010.00');
      const u = await user();
      const above = await u.set('BTCUSDT', 'above', '61000');
      expectSuccess(above, { symbol: 'BTCUSDT', direction: 'above', price: '61000', status: 'active' });
      // The last price (60,000) is already above 59,000 and below 61,000.
      expect((await u.set('BTCUSDT', 'above', '59000')).respCode).toBe(ERRORS.alert_already_reached.code);
      expect((await u.set('BTCUSDT', 'below', '60000')).respCode).toBe(ERRORS.alert_already_reached.code);
      expect((await u.set('BTCUSDT', 'below', '59000.5')).respCode).toBe('00000');
      for (const [symbol, direction, price] of [
        ['NOPE', 'above', '1'],
        ['BTCUSDT', 'sideways', '70000'],
        ['BTCUSDT', 'above', '0'],
        ['BTCUSDT', 'above', '-70000'],
        ['BTCUSDT', 'above', '70000.001'], // BTCUSDT has two decimals
        ['BTCUSDT', 'above', '7e4'],
      ] as const) {
        const refused = await u.set(symbol, direction, price);
        expect(refused.respCode, `${symbol} ${direction} ${price}`).toBe(ERRORS.field_invalid.code);
      }
      const listed = await u.list('BTCUSDT');
      expect(listed.list.map((a) => a.price)).toEqual(['59000.5', '61000']);
      expect(listed.remaining).toBe(ALERTS_PER_USER - 2);

      // A stranger can neither see nor delete them.
      const stranger = await user();
      expect((await stranger.list()).list).toEqual([]);
      const theirs = await stranger.call('10094', { id: String(above.data?.id), requestId: randomUUID() });
      expect(theirs.respCode).toBe(ERRORS.alert_not_found.code);
      const deleted = await u.call('10094', { id: String(above.data?.id), requestId: randomUUID() });
      expect(deleted.respCode).toBe('00000');
      expect((await u.list()).list.map((a) => a.price)).toEqual(['59000.5']);

      // The limit holds also under concurrent calls: exactly the free places are taken.
      const answers = await Promise.all(
        Array.from({ length: ALERTS_PER_USER + 5 }, (_, i) => u.set('ETHUSDT', 'above', String(100_000 + i))),
      );
      expect(answers.filter((a) => a.respCode === '00000').length).toBe(ALERTS_PER_USER - 1);
      expect(answers.filter((a) => a.respCode === ERRORS.alert_limit_reached.code).length).toBe(6);
      expect((await u.list()).remaining).toBe(0);
      // Without a session: the ended session.
      expect((await caller(env.app)('10093')).respCode).toBe('500');
    });

    test('a crossing fires once, pushes once to each subscription in its language, and survives a restart', async () => {
      env.source.pin('EURUSD', '1.10000', '1.10008');
      const u = await user('ar');
      const receiver = await u.subscribe(`alert-ar-${target.name}`);
      const set = await u.set('EURUSD', 'below', '1.05');
      expect(set.respCode, set.respMsg).toBe('00000');
      const id = set.data?.id;

      // Not reached: nothing fires.
      env.source.pin('EURUSD', '1.06000', '1.06008');
      expect(await run()).toMatchObject({ ran: true, fired: 0 });

      // The app and its engine are rebuilt over the same database: the alert is still there.
      await env.app.close();
      env.engine = new MarketEngine({ database: env.database, source: env.source });
      ({ app: env.app } = await buildTestApp(env.database, { markets: env.engine }));

      // Crossed: three runs fire it once; later runs neither fire nor push again. On PostgreSQL
      // they race as three processes' jobs would; PGlite is one process, whose job never overlaps
      // itself, so there they follow each other.
      env.source.pin('EURUSD', '1.04990', '1.04998');
      const runs =
        target.name === 'postgres'
          ? await Promise.all([run(), run(), run()])
          : [await run(), await run(), await run()];
      expect(runs.reduce((n, r) => n + r.fired, 0)).toBe(1);
      expect((await run()).fired).toBe(0);
      env.source.pin('EURUSD', '1.10000', '1.10008');
      env.source.pin('EURUSD', '1.04000', '1.04008');
      expect(await run()).toMatchObject({ fired: 0, pushed: 0 });

      const alert = (await u.list('EURUSD')).list.find((a) => a.id === id);
      expect(alert).toMatchObject({ status: 'fired', firedPrice: '1.0499' });
      const pushes = push.service.received.filter((r) => r.name === `alert-ar-${target.name}`);
      expect(pushes.length).toBe(1);
      const message = JSON.parse(receiver.decrypt(pushes[0]?.body ?? Buffer.alloc(0))) as PushMessage;
      expect(message).toEqual({
        kind: 'alert',
        id,
        title: 'EURUSD أدنى من 1.05',
        body: 'آخر سعر 1.0499. اضغط لفتح الرسم البياني.',
        lang: 'ar',
        url: '/instrument/EURUSD',
      });
      // A fired alert no longer counts against the limit and cannot fire again.
      expect((await u.list()).remaining).toBe(ALERTS_PER_USER);
    });
  });
}

describe.skipIf(!postgresAvailable)('price alerts with two processes on one PostgreSQL', () => {
  let service: PushService;
  // Registered first, so it runs after the processes are gone.
  afterAll(async () => {
    await service?.close();
  });
  const pair = useServerPair(async (target) => {
    service = await startPushService(() => ({ status: 201 }));
    const ca = path.join(tmpdir(), `push-ca-${randomUUID()}.pem`);
    writeFileSync(ca, service.cert);
    return {
      ...target.env,
      PUBLIC_URL: 'http://meridian.test',
      PUSH_SERVICE_HOSTS: service.host,
      // The processes trust the local push service's certificate, as they would a real one's CA.
      NODE_EXTRA_CA_CERTS: ca,
    };
  });
  const pinEth = (bid: string, ask: string) =>
    adminCli(
      pair.env,
      'markets',
      'pin',
      'ETHUSDT',
      '--bid',
      bid,
      '--ask',
      ask,
      '--minutes',
      '10',
      '--reason',
      'test',
    );

  test('an alert set on one process fires exactly once and its push arrives encrypted', async () => {
    const [onA, onB] = sharedSession(pair.servers);
    await signInOver(onA, generatePrivateKey());
    await pinEth('3000.00', '3000.10');
    const receiver = newReceiver();
    const saved = await onB('100666', {
      endpoint: service.endpoint('two-processes'),
      p256dh: receiver.p256dh,
      auth: receiver.auth,
      lang: 'en',
      requestId: randomUUID(),
    });
    expect(saved.respCode).toBe('00000');
    // Both processes reload the pin within a second.
    await new Promise((r) => setTimeout(r, 1500));
    const set = await onA('10092', {
      symbol: 'ETHUSDT',
      direction: 'above',
      price: '3100',
      requestId: randomUUID(),
    });
    expect(set.respCode).toBe('00000');
    const id = dataOf(set).id;

    await pinEth('3100.25', '3100.35');
    const deadline = Date.now() + 15_000;
    let fired: PriceAlert | undefined;
    while (Date.now() < deadline) {
      fired = dataOf(await onB('10093')).list.find((x) => x.id === id && x.status === 'fired');
      if (fired && service.received.length > 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(fired).toMatchObject({ status: 'fired', firedPrice: '3100.25' });
    // Both processes ran the job for a few more seconds: still one push.
    await new Promise((r) => setTimeout(r, 2500));
    const pushes = service.received.filter((r) => r.name === 'two-processes');
    expect(pushes.length).toBe(1);
    expect(JSON.parse(receiver.decrypt(pushes[0]?.body ?? Buffer.alloc(0)))).toMatchObject({
      kind: 'alert',
      id,
      title: 'ETHUSDT is above 3100',
      url: '/instrument/ETHUSDT',
    });
  }, 60_000);
});
