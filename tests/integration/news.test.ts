/**
 * Announcements (10083/10084), contact (10085) and push subscription checks (100666/100655)
 * through the API, with announcements published by the `news publish` admin command.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import { runAdminCommand } from '../../server/admin/runner.ts';
import { asFirstSetup } from '../../server/admin/two-person.ts';
import { caller, dataOf } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { newReceiver } from '../helpers/push-service.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`announcements and contact on ${target.name}`, () => {
    const env = useSeededApp(target);
    const admin = (...argv: string[]) =>
      runAdminCommand({ argv: asFirstSetup(argv), actor: 'ops' }, { database: env.database, via: 'direct' });
    const list = async (lang: string, body: Record<string, string> = {}) =>
      dataOf(await caller(env.app, { cookie: `lang=${lang}` })('10083', body));
    const details = (lang: string, id: number) =>
      caller(env.app, { cookie: `lang=${lang}` })('10084', { id: String(id) });

    test('the demo seed published two announcements, the pinned welcome first, in every language', async () => {
      const zh = await list('zh-CN');
      expect(zh.total).toBe(2);
      expect(zh.list[0]).toMatchObject({ pinned: true, title: '欢迎体验 Meridian 演示版', lang: 'zh-CN' });
      expect(zh.list[1]).toMatchObject({ pinned: false, lang: 'zh-CN' });
      // Block elements join with a space, except after full-width punctuation.
      expect(zh.list[0]?.summary).toMatch(/^本服务器只使用演示资金。在资产页面/);
      const ar = await list('ar');
      expect(ar.list[0]?.title).toBe('مرحبًا بك في النسخة التجريبية من Meridian');
    });

    test('the list is paged, pinned first then newest first; texts fall back to English', async () => {
      const a = await admin('news', 'publish', '--title', 'Older news', '--body', 'First.');
      const b = await admin('news', 'publish', '--lang', 'ja', '--title', '日本語だけ', '--body', '本文。');
      const c = await admin(
        'news',
        'publish',
        '--lang',
        'en',
        '--title',
        'Newest news',
        '--body',
        'Hello **all**.',
        '--lang',
        'ko',
        '--title',
        '최신 소식',
        '--body',
        '안녕하세요.',
      );
      for (const r of [a, b, c]) expect(r).toMatchObject({ ok: true });
      const ids = [a, b, c].map((r) => (r.json as { id: number }).id);
      const page1 = await list('ko', { page: '1', size: '2' });
      expect(page1.total).toBe(5);
      // The pinned welcome first, then newest first.
      expect(page1.list.map((x) => x.pinned)).toEqual([true, false]);
      expect(page1.list[1]).toMatchObject({
        id: ids[2],
        title: '최신 소식',
        lang: 'ko',
        summary: '안녕하세요.',
      });
      const page2 = await list('ko', { page: '2', size: '2' });
      // Korean not written: English; neither Korean nor English: the language written first.
      expect(page2.list.map((x) => [x.id, x.lang])).toEqual([
        [ids[1], 'ja'],
        [ids[0], 'en'],
      ]);
      // An explicit lang wins over the one set with E0001.
      const explicit = await list('en', { page: '1', size: '2', lang: 'ko' });
      expect(explicit.list[1]?.title).toBe('최신 소식');
      const newest = await details('fr', ids[2] as number);
      expect(newest.data).toMatchObject({
        title: 'Newest news',
        lang: 'en',
        body: '<p>Hello <strong>all</strong>.</p>',
      });
    });

    test('bodies are sanitised: no script, no handlers, no styles; links open outside', async () => {
      const body = [
        '## Heading',
        'Text <script>alert(1)</script><img src=x onerror="alert(2)"> <b style="color:red">bold</b>',
        '[site](https://example.com) [bad](javascript:alert(3)) <a href="http://example.org" onclick="x()">raw</a>',
        '<iframe src="https://example.com"></iframe><form><input></form>',
      ].join('\n\n');
      const published = await admin('news', 'publish', '--title', 'Markup', '--body', body);
      const id = (published.json as { id: number }).id;
      const data = dataOf(await details('en', id));
      const html = data.body;
      expect(html).not.toMatch(/script|onerror|onclick|style|iframe|form|input|img|javascript/i);
      expect(html).toContain('<h3>Heading</h3>');
      expect(html).toContain(
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a>',
      );
      expect(html).toContain(
        '<a href="http://example.org" target="_blank" rel="noopener noreferrer">raw</a>',
      );
      expect(html).toContain('bad');
      expect(data.summary).toBe('Heading Text bold site bad raw');
    });

    test('publishing refuses bad input and changes nothing', async () => {
      const before = (await list('en')).total;
      const cases = [
        ['news', 'publish', '--title', 'No body'],
        ['news', 'publish', '--lang', 'xx', '--title', 'T', '--body', 'B'],
        ['news', 'publish', '--title', 'A', '--body', 'B', '--title', 'C', '--body', 'D'],
        [
          'news',
          'publish',
          '--lang',
          'en',
          '--title',
          'A',
          '--body',
          'B',
          '--lang',
          'en',
          '--title',
          'C',
          '--body',
          'D',
        ],
        ['news', 'publish', '--title', 'x'.repeat(121), '--body', 'B'],
        ['news', 'publish', '--title', 'Only markup', '--body', '<script>alert(1)</script>'],
      ];
      for (const argv of cases)
        expect(await admin(...argv), argv.join(' ')).toMatchObject({ ok: false, exitCode: 2 });
      expect((await list('en')).total).toBe(before);
    });

    test('an unknown or malformed id is refused', async () => {
      expect((await details('en', 999_999)).respCode).toBe(ERRORS.not_found.code);
      const bad = await caller(env.app, { cookie: 'lang=en' })('10084', { id: '0' });
      expect(bad.respCode).toBe(ERRORS.field_invalid.code);
    });

    test('10085 lists the configured contact channels', async () => {
      const { data } = await caller(env.app)('10085');
      expect(data).toEqual({
        list: [{ channel: 'email', value: 'support@example.com' }],
      });
    });

    test('push subscriptions: only https endpoints of known push services, with well-formed keys', async () => {
      const r = newReceiver();
      const good = { p256dh: r.p256dh, auth: r.auth, lang: 'en' };
      const refused = [
        { ...good, endpoint: 'http://fcm.googleapis.com/fcm/send/abc' },
        { ...good, endpoint: 'https://127.0.0.1:9/push/x' },
        { ...good, endpoint: 'https://evil.example/push' },
        { ...good, endpoint: 'https://fcm.googleapis.com.evil.example/x' },
        { ...good, endpoint: 'https://fcm.googleapis.com/x', p256dh: 'short' },
        { ...good, endpoint: 'https://fcm.googleapis.com/x', auth: `${r.auth}AA` },
        { ...good, endpoint: 'https://fcm.googleapis.com/x', lang: 'xx' },
      ];
      const call = caller(env.app);
      for (const body of refused) {
        const answer = await call('100666', { ...body, requestId: randomUUID() });
        expect(answer.respCode, JSON.stringify(body)).toBe(ERRORS.field_invalid.code);
      }
      const ok = await call('100666', {
        ...good,
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def',
        requestId: randomUUID(),
      });
      expect(ok).toMatchObject({ respCode: '00000', data: { updated: false } });
      const edge = await call('100666', {
        ...good,
        endpoint: 'https://db5p.notify.windows.com/w/?token=abc',
        requestId: randomUUID(),
      });
      expect(edge.respCode).toBe('00000');
      const missingId = await call('100666', { ...good, endpoint: 'https://fcm.googleapis.com/x' });
      expect(missingId.respCode).toBe(ERRORS.request_id_required.code);
    });
  });
}
