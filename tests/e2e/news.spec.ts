/**
 * Announcements, contact and push in Debian's Chromium against the real server and build:
 * the list, details, the home strip and contact in English, Chinese and Arabic (screenshots in
 * docs/screenshots); the "Get notified" switch; and the service worker's push and click
 * handlers fed through the DevTools protocol.
 *
 * No push service is reachable from here, so the subscribe step runs against a stubbed push
 * manager (PushManager.prototype.subscribe/getSubscription replaced in the page): the test checks
 * that the page asks for permission only on the tap, subscribes with the server's VAPID key and
 * saves the subscription with 100666, and deletes it with 100655 when turned off. Delivery
 * itself is covered by tests/integration/push.test.ts against a local HTTPS push service.
 */
import type { Page as ListPage } from '../../protocol/envelope.ts';
import type { AnnouncementSummary } from '../../protocol/news.ts';
import { admin } from './fixtures/admin.ts';
import { collectProblems } from './fixtures/page-problems.ts';
import {
  controlledByServiceWorker,
  deliverPush,
  NOTIFICATION_LISTED_MS,
  shownNotifications,
  tapNotification,
} from './fixtures/service-worker.ts';
import { type BrowserContext, expect, type Page, test } from './fixtures/test.ts';
import { screenshot } from './screenshot.ts';

/**
 * What the in-page and in-worker functions below use, typed here because this file is checked
 * with the server's settings (no DOM library).
 */
interface PushLog {
  permissionAsks: number;
  subscribed: string[];
  unsubscribed: number;
}
interface FakeSubscription {
  endpoint: string;
}
interface PageGlobals {
  navigator: {
    serviceWorker?: {
      controller: unknown;
    };
  };
  Notification: { requestPermission(): Promise<string> };
  PushManager: {
    prototype: {
      subscribe(options?: { applicationServerKey?: ArrayBuffer }): Promise<FakeSubscription>;
      getSubscription(): Promise<FakeSubscription | null>;
    };
  };
  __push: PushLog;
  __owned?: boolean;
}

async function switchLanguage(page: Page, lang: string): Promise<void> {
  await page.goto('/home');
  await page.locator('.language-picker select').selectOption(lang);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

async function announcements(page: Page): Promise<AnnouncementSummary[]> {
  return page.evaluate(async () => {
    const response = await fetch('/adc/html/eto/10083.do', {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      body: new URLSearchParams({ page: '1', size: '20' }),
    });
    return ((await response.json()) as { data: ListPage<AnnouncementSummary> }).data.list;
  });
}

test('announcement list, details, home strip and contact in English, Chinese and Arabic', async ({
  page,
}) => {
  const problems = collectProblems(page);
  const published = JSON.parse(
    admin(
      'news',
      'publish',
      '--lang',
      'en',
      '--title',
      'Safe links only',
      '--body',
      'Read [the guide](https://example.com/guide).\n\n<script>window.__owned = true</script><img src=x onerror="window.__owned = true">',
      '--lang',
      'ar',
      '--title',
      'روابط آمنة فقط',
      '--body',
      'اقرأ [الدليل](https://example.com/guide).',
      '--lang',
      'zh-CN',
      '--title',
      '只有安全链接',
      '--body',
      '阅读[指南](https://example.com/guide)。',
    ),
  ) as { id: number };

  for (const lang of ['en', 'zh-CN', 'ar'] as const) {
    await switchLanguage(page, lang);
    // Home: the latest announcement, linking to it.
    const strip = page.locator('.latest-news');
    await expect(strip.locator('.latest-news-link strong')).toHaveText(
      { en: 'Safe links only', 'zh-CN': '只有安全链接', ar: 'روابط آمنة فقط' }[lang],
    );
    await screenshot(page, `news-home-${lang}`);

    await page.goto('/news');
    const items = page.locator('.news-list li');
    await expect(items).toHaveCount(3);
    // Pinned first (the demo welcome), then newest first.
    await expect(items.nth(0).locator('.badge-pinned')).toBeVisible();
    await expect(items.nth(1)).toContainText(
      { en: 'Safe links only', 'zh-CN': '只有安全链接', ar: 'روابط آمنة فقط' }[lang],
    );
    await expect(page.getByRole('switch')).toBeVisible();
    await screenshot(page, `news-list-${lang}`);

    await items.nth(0).locator('a').click();
    await expect(page).toHaveURL(/\/newsDetail\?id=\d+$/);
    await expect(page.locator('.announcement .rich-text li')).toHaveCount(2);
    await screenshot(page, `news-detail-${lang}`);

    await page.goto('/contact');
    await expect(page.locator('.contact-list li')).toContainText('support@example.com');
    await screenshot(page, `news-contact-${lang}`);
  }

  // The published body: the link opens outside without an opener, the script never ran.
  await page.goto(`/newsDetail?id=${published.id}`);
  const link = page.locator('.rich-text a');
  await expect(link).toHaveAttribute('href', 'https://example.com/guide');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.locator('.rich-text script, .rich-text img')).toHaveCount(0);
  expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).__owned)).toBeUndefined();
  expect(problems).toEqual([]);
});

/** A stand-in for the browser's push manager (see the top of this file). */
async function stubPushManager(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const log = { permissionAsks: 0, subscribed: [] as string[], unsubscribed: 0 };
    const g = globalThis as unknown as PageGlobals;
    g.__push = log;
    const realAsk = g.Notification.requestPermission.bind(g.Notification);
    g.Notification.requestPermission = () => {
      log.permissionAsks += 1;
      return realAsk();
    };
    const b64u = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    let current: FakeSubscription | null = null;
    const make = (key: Uint8Array) => {
      const p256dh = new Uint8Array(65);
      p256dh[0] = 4;
      crypto.getRandomValues(p256dh.subarray(1));
      const auth = crypto.getRandomValues(new Uint8Array(16));
      const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`;
      return {
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: key.buffer },
        toJSON: () => ({ endpoint, keys: { p256dh: b64u(p256dh), auth: b64u(auth) } }),
        unsubscribe: async () => {
          log.unsubscribed += 1;
          current = null;
          return true;
        },
        getKey: () => null,
      };
    };
    g.PushManager.prototype.getSubscription = async () => current;
    g.PushManager.prototype.subscribe = async (options?: { applicationServerKey?: ArrayBuffer }) => {
      const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
      log.subscribed.push(b64u(key));
      current = make(key);
      return current;
    };
  });
}

test('"Get notified" asks only on the tap, subscribes with the VAPID key, saves and deletes', async ({
  page,
  context,
}) => {
  const problems = collectProblems(page);
  await context.grantPermissions(['notifications']);
  await stubPushManager(context);
  await switchLanguage(page, 'en');
  await controlledByServiceWorker(page);
  await page.goto('/news');
  const toggle = page.getByRole('switch', { name: 'Get notified' });
  await expect(toggle).toBeEnabled();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).__push.permissionAsks)).toBe(0);

  const saved = page.waitForResponse((r) => r.url().endsWith('/100666.do'));
  await toggle.click();
  const body = (await (await saved).json()) as { respCode: string; data: { updated: boolean } };
  expect(body).toMatchObject({ respCode: '00000', data: { updated: false } });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  const log = await page.evaluate(() => (globalThis as unknown as PageGlobals).__push);
  expect(log.permissionAsks).toBe(1);
  const config = await page.evaluate(async () => {
    const r = await fetch('/adc/html/eto/00000.do', {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      body: new URLSearchParams(),
    });
    return ((await r.json()) as { data: { vapidPublicKey: string } }).data;
  });
  expect(log.subscribed).toEqual([config.vapidPublicKey]);

  const deleted = page.waitForResponse((r) => r.url().endsWith('/100655.do'));
  await toggle.click();
  expect(await (await deleted).json()).toMatchObject({ respCode: '00000', data: { deleted: true } });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).__push.unsubscribed)).toBe(1);
  expect(problems).toEqual([]);
});

test('the service worker shows a pushed announcement and a tap opens it', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await switchLanguage(page, 'ar');
  await controlledByServiceWorker(page);
  const [target] = (await announcements(page)).filter((a) => !a.pinned);
  if (!target) throw new Error('no announcement to push');

  await deliverPush(page, context, {
    kind: 'announcement',
    id: target.id,
    title: target.title,
    body: target.summary,
    lang: target.lang,
    url: `/newsDetail?id=${target.id}`,
  });
  await expect
    .poll(() => shownNotifications(page), { timeout: NOTIFICATION_LISTED_MS })
    .toEqual([
      {
        title: target.title,
        body: target.summary,
        icon: expect.stringMatching(/\/icons\/icon-192\.png$/),
        badge: expect.stringMatching(/\/icons\/badge-96\.png$/),
        tag: `announcement-${target.id}`,
        data: { url: `/newsDetail?id=${target.id}` },
      },
    ]);
  await tapNotification(context);
  await expect(page).toHaveURL(new RegExp(`/newsDetail\\?id=${target.id}$`));
  await expect(page.locator('.announcement h2')).toHaveText(target.title);
  await expect.poll(async () => (await shownNotifications(page)).length).toBe(0);
});
