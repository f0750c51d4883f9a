/** Serving the built client: caching rules and the app shell for client routes. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import ar from '../../locales/ar.json' with { type: 'json' };
import zhCN from '../../locales/zh-CN.json' with { type: 'json' };
import type { GlobalConfig } from '../../protocol/config.ts';
import { FIRST_ANSWERS_ELEMENT } from '../../protocol/first-screen.ts';
import { precompress } from '../../scripts/precompress.ts';
import { runAdminCommand } from '../../server/admin/runner.ts';
import type { Database } from '../../server/db/client.ts';
import { buildTestApp, FORM_HEADERS, type TestAppOptions } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';

/**
 * A built client in a temporary folder (`prepare` writes its files), served by the real app on a
 * fresh database; the folder and the database go afterwards.
 */
function useClientApp(prepare: (dir: string) => void, config: TestAppOptions['config'] = {}) {
  const env = {} as { dir: string; database: Database } & Awaited<ReturnType<typeof buildTestApp>>;
  let dispose: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    env.dir = mkdtempSync(path.join(tmpdir(), 'meridian-client-'));
    mkdirSync(path.join(env.dir, 'assets'));
    prepare(env.dir);
    const target = DATABASE_TARGETS[0];
    if (!target) throw new Error('no database');
    ({ database: env.database, dispose } = await target.create());
    Object.assign(env, await buildTestApp(env.database, { config: { clientDir: env.dir, ...config } }));
  });
  afterAll(async () => {
    await env.app?.close();
    await dispose?.();
    rmSync(env.dir, { recursive: true, force: true });
    rmSync(`${env.dir}-ssr`, { recursive: true, force: true });
  });
  return env;
}

describe('client files', () => {
  const env = useClientApp((dir) => {
    writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><title>shell</title><!--${'s'.repeat(4000)}-->`,
    );
    writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *');
    writeFileSync(
      path.join(dir, 'assets', 'copied-abc123.js'),
      `const s = ${JSON.stringify('y'.repeat(6000))}`,
    );
    // As a build leaves them: a brotli and a gzip copy beside each text file of 1 kB or more.
    expect(precompress(dir)).toBe(2);
    // And one without copies, large enough to be worth compressing per response (threshold 1 kB).
    writeFileSync(
      path.join(dir, 'assets', 'big-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(8000))})`,
    );
  });

  test('hashed assets are immutable for a year', async () => {
    const response = await env.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  const get = (url: string, acceptEncoding: string) =>
    env.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', 'accept-encoding': acceptEncoding },
    });

  test('a file without copies travels compressed for browsers that accept it, plain for the others', async () => {
    const brotli = await get('/assets/big-abc123.js', 'gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.length).toBeLessThan(1000);
    const plain = await env.app.inject({ method: 'GET', url: '/assets/big-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(8000);
  });

  test("the build's compressed copies are sent as they are, cached like their file", async () => {
    const asset = await get('/assets/copied-abc123.js', 'gzip, br');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.rawPayload).toEqual(readFileSync(path.join(env.dir, 'assets', 'copied-abc123.js.br')));
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(
      readFileSync(path.join(env.dir, 'assets', 'copied-abc123.js'), 'utf8'),
    );
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzip = await get('/assets/copied-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload).toEqual(readFileSync(path.join(env.dir, 'assets', 'copied-abc123.js.gz')));

    // The shell, by its name and as the page of a client route: compressed, yet revalidated.
    for (const url of ['/index.html', '/home']) {
      const shell = await get(url, 'br');
      expect(shell.statusCode, url).toBe(200);
      expect(shell.headers['content-encoding'], url).toBe('br');
      expect(shell.headers['cache-control'], url).toBe('no-cache');
      expect(shell.headers['content-type'], url).toContain('text/html');
      expect(brotliDecompressSync(shell.rawPayload).toString(), url).toContain('<title>shell</title>');
    }
  });

  test('the service worker and the shell are revalidated on every load', async () => {
    const sw = await env.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
    const shell = await env.app.inject({ method: 'GET', url: '/index.html' });
    expect(shell.headers['cache-control']).toBe('no-cache');
  });

  test('the bare address goes home, keeping its query', async () => {
    const bare = await env.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/home');
    const invited = await env.app.inject({
      method: 'GET',
      url: '/?code=AB12CD',
      headers: { accept: 'text/html' },
    });
    expect(invited.statusCode).toBe(302);
    expect(invited.headers.location).toBe('/home?code=AB12CD');
  });

  test('client routes get the app shell; missing files and API paths do not', async () => {
    for (const route of ['/home', '/ido/aboutStart', '/editOrder/12']) {
      const response = await env.app.inject({ method: 'GET', url: route, headers: { accept: 'text/html' } });
      expect(response.statusCode, route).toBe(200);
      expect(response.body).toContain('<title>shell</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    }
    const missing = await env.app.inject({
      method: 'GET',
      url: '/assets/nope.js',
      headers: { accept: '*/*' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('rate limit per IP', () => {
  const env = useClientApp(
    (dir) => {
      writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>shell</title>');
      writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    },
    { rateLimitPerIp: 3 },
  );

  test('spends its budget on the API only: the client files of a first visit cost nothing', async () => {
    for (let i = 0; i < 10; i += 1) {
      const file = await env.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(file.statusCode).toBe(200);
    }
    const call = () =>
      env.app.inject({ method: 'POST', url: '/adc/html/eto/00000.do', headers: FORM_HEADERS, payload: '' });
    for (let i = 0; i < 3; i += 1) {
      const answer = await call();
      expect(answer.json()).toMatchObject({ respCode: '00000' });
      // The budget's headers travel with the refusal only, not with every answer.
      expect(Object.keys(answer.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
    }
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ respCode: 'E1009' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    // Still no limit on the shell.
    expect(
      (await env.app.inject({ method: 'GET', url: '/home', headers: { accept: 'text/html' } })).statusCode,
    ).toBe(200);
  });
});

describe('the first screen in the HTML', () => {
  // The server render as `vite build --ssr` leaves it beside the client (dist -> dist-ssr), here
  // a stand-in that names what it was asked for; and the real index.html as the template.
  const env = useClientApp((dir) => {
    writeFileSync(
      path.join(dir, 'index.html'),
      readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8'),
    );
    mkdirSync(`${dir}-ssr`);
    writeFileSync(
      path.join(`${dir}-ssr`, 'entry-server.js'),
      `export function firstReadsFor(pathname, search, language) {
        return pathname === '/news' ? [{ code: '00000', fields: {} }] : [];
      }
      export async function renderFirstScreen(pathname, search, language, answers) {
        if (pathname === '/assets') return null;
        if (pathname === '/broken') throw new Error('broken render');
        const data = answers.map((answer) => JSON.stringify(answer.data)).join();
        return '<div inert="" class="app"><h1>' + language + ' ' + pathname + search + '</h1>' + data + '</div>';
      }`,
    );
  });
  const page = (url: string, cookie?: string) =>
    env.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

  test('a route comes with its screen, in the language of the cookie', async () => {
    const home = await page('/home?code=ABC');
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers['content-security-policy']).toContain("script-src 'self'");
    expect(home.body).toContain('<html lang="zh-CN" dir="ltr">');
    expect(home.body).toContain(
      '<div id="root"><div inert="" class="app"><h1>zh-CN /home?code=ABC</h1></div></div>',
    );
    expect(home.body).not.toContain('boot-shell');
    expect(home.body).not.toMatch(FIRST_ANSWERS_ELEMENT);
    const arabic = await page('/news', 'lang=ar');
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain('<h1>ar /news</h1>');
    // A browser without JavaScript reads why the page stays still in the same language.
    expect(arabic.body).toContain(`<noscript>${ar.app.needsJavaScript}</noscript>`);
    expect(home.body).toContain(`<noscript>${zhCN.app.needsJavaScript}</noscript>`);
  });

  test("a screen's first reads are answered in-process, rendered, and sent with the page", async () => {
    const news = await page('/news', 'lang=en');
    // The same data the code's own route answers.
    const direct = await env.app.inject({
      method: 'POST',
      url: '/adc/html/eto/00000.do',
      headers: FORM_HEADERS,
    });
    const data = direct.json().data;
    expect(data).toHaveProperty('features');
    // (The same but for the time it was answered at.)
    const sent = { ...data, serverTime: expect.any(Number) };
    const rendered = /<h1>en \/news<\/h1>(.*?)<\/div>/.exec(news.body)?.[1];
    expect(JSON.parse(rendered ?? 'null')).toEqual(sent);
    const block = FIRST_ANSWERS_ELEMENT.exec(news.body)?.[1];
    expect(JSON.parse(block ?? 'null')).toEqual([{ code: '00000', fields: {}, data: sent }]);
    // And the page's own answer is still a page: its headers are not the read's.
    expect(news.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(news.headers['cache-control']).toBe('no-cache');
  });

  test('an operator’s change reaches the next page at once, though pages with answers are kept two seconds', async () => {
    const featuresIn = (body: string) =>
      (JSON.parse(FIRST_ANSWERS_ELEMENT.exec(body)?.[1] ?? '[]') as { data: GlobalConfig }[])[0]?.data
        .features;
    // A fresh database opens no feature (the demo seed opens them): the operator opens one.
    expect(featuresIn((await page('/news', 'lang=fr')).body)?.referral).toBe(false);
    const change = (state: 'on' | 'off') =>
      runAdminCommand(
        { argv: ['config', 'feature', state, 'referral', '--reason', 'test'], actor: 'ops' },
        // As the running server hands the CLI's commands on (server/main.ts).
        { database: env.database, via: 'server', onChange: () => env.runtime.services.config.invalidate() },
      );
    try {
      expect((await change('on')).ok).toBe(true);
      expect(featuresIn((await page('/news', 'lang=fr')).body)?.referral).toBe(true);
    } finally {
      await change('off');
    }
    expect(featuresIn((await page('/news', 'lang=fr')).body)?.referral).toBe(false);
  });

  test('a route it does not render, or a render that fails, gets the plain shell', async () => {
    for (const url of ['/assets', '/broken']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('boot-shell');
      expect(response.body, url).not.toContain('broken render');
    }
  });
});
