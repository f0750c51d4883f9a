import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  FIRST_ANSWERS_ELEMENT,
  FIRST_ANSWERS_ID,
  type FirstRead,
  parseFirstAnswers,
} from '../../protocol/first-screen.ts';
import type { Language } from '../../protocol/languages.ts';
import {
  ANSWERED_PAGE_MS,
  type FirstScreenRenderer,
  firstScreens,
  MAX_WAITING_RENDERS,
  withFirstScreen,
} from './first-screen.ts';

// The source of dist/index.html: the build keeps its <html> tag, boot shell and <noscript>.
const template = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');

/** The answers block of a page, read as the browser's start-up reads it. */
const answersIn = (page: string | null) => parseFirstAnswers(FIRST_ANSWERS_ELEMENT.exec(page ?? '')?.[1]);

describe('withFirstScreen', () => {
  it('puts the screen in place of the boot shell and writes the language and its direction', () => {
    const page = withFirstScreen(template, '<div inert="" class="app"><h1>Home</h1></div>', 'ar');
    expect(page).toContain('<html lang="ar" dir="rtl">');
    expect(page).toContain('<div id="root"><div inert="" class="app"><h1>Home</h1></div></div>');
    expect(page).not.toContain('boot-shell');
    expect(page).not.toContain(FIRST_ANSWERS_ID);
    // The rest of the page is the shell's own.
    expect(page).toContain('<noscript>Meridian needs JavaScript.</noscript>');
    expect(page).toContain('<script type="module" src="/src/main.tsx"></script>');
    expect(withFirstScreen(template, '', 'en')).toContain('<html lang="en" dir="ltr">');
  });

  it('carries the answers in a data block no text of theirs can close', () => {
    const answers = [
      { code: '10083' as const, fields: { lang: 'en' }, data: { title: '</script><b>x</b>' } },
    ];
    const page = withFirstScreen(template, '<div class="app"></div>', 'en', answers);
    expect(page).not.toContain('</script><b>');
    expect(answersIn(page)).toEqual(answers);
  });

  it("says what a browser without JavaScript shows in the page's language, as text", () => {
    const page = withFirstScreen(
      template,
      '<div class="app"></div>',
      'ar',
      [],
      'يحتاج Meridian إلى <JavaScript>.',
    );
    expect(page).toContain('<noscript>يحتاج Meridian إلى &lt;JavaScript&gt;.</noscript>');
    expect(page).not.toContain('Meridian needs JavaScript.');
  });

  it('refuses a template it cannot place a screen in', () => {
    expect(() => withFirstScreen('<html><body><div id="app"></div></body></html>', '', 'en')).toThrow(
      /boot shell/,
    );
  });
});

/** A stand-in for dist-ssr/entry-server.js: /news reads 10083, /assets is not rendered. */
function renderer(
  render = vi.fn(async (..._args: Parameters<FirstScreenRenderer['renderFirstScreen']>) => ''),
) {
  const renderFirstScreen = vi.fn(
    async (
      pathname: string,
      search: string,
      language: Language,
      answers: Parameters<FirstScreenRenderer['renderFirstScreen']>[3],
    ) => {
      await render(pathname, search, language, answers);
      if (pathname === '/assets') return null;
      return `<div class="app">${language} ${pathname}${search} ${answers.map((a) => JSON.stringify(a.data)).join()}</div>`;
    },
  );
  const firstReadsFor = (pathname: string, _search: string, language: Language): FirstRead[] =>
    pathname === '/news' ? [{ code: '10083', fields: { page: 1, size: 10, lang: language } }] : [];
  return { renderFirstScreen, firstReadsFor };
}

/** A render that waits until `release` is called, for renders caught in the middle. */
function heldRender() {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const render = vi.fn(async (..._args: Parameters<FirstScreenRenderer['renderFirstScreen']>) => {
    await held;
    return '';
  });
  return { render, release };
}

describe('firstScreens', () => {
  const noReads = async () => {
    throw new Error('no read expected');
  };

  it('renders each route, query and language once and leaves unrendered routes to the shell', async () => {
    const module = renderer();
    const screens = firstScreens(template, module);
    const home = await screens.page('/home', '', 'en', noReads);
    expect(home).toContain('<div class="app">en /home </div>');
    expect(await screens.page('/home', '', 'en', noReads)).toBe(home);
    expect(await screens.page('/home', '', 'fr', noReads)).toContain('<div class="app">fr /home </div>');
    expect(await screens.page('/marketPrices', '?category=crypto', 'en', noReads)).toContain(
      'en /marketPrices?category=crypto',
    );
    expect(await screens.page('/assets', '', 'en', noReads)).toBeNull();
    expect(await screens.page('/assets', '', 'en', noReads)).toBeNull();
    expect(module.renderFirstScreen).toHaveBeenCalledTimes(4);
  });

  it('renders with the answers of the first reads, sends them along, and renders again once they are old', async () => {
    let clock = 1_000;
    const module = renderer();
    const screens = firstScreens(template, module, () => clock);
    let served = 0;
    const answer = vi.fn(async (read: FirstRead) => ({ list: [`${read.fields.lang} ${++served}`] }));
    const first = await screens.page('/news', '', 'ar', answer);
    expect(answer).toHaveBeenCalledWith({ code: '10083', fields: { page: 1, size: 10, lang: 'ar' } });
    expect(first).toContain('{"list":["ar 1"]}');
    expect(answersIn(first)).toEqual([
      { code: '10083', fields: { page: 1, size: 10, lang: 'ar' }, data: { list: ['ar 1'] } },
    ]);
    clock += ANSWERED_PAGE_MS - 1;
    expect(await screens.page('/news', '', 'ar', answer)).toBe(first);
    clock += 1;
    expect(await screens.page('/news', '', 'ar', answer)).toContain('{"list":["ar 2"]}');
  });

  it('after a change drops the pages with answers, and keeps none whose answers were read before it', async () => {
    const module = renderer();
    const screens = firstScreens(template, module, () => 1_000);
    let served = 0;
    const answer = vi.fn(async () => ({ list: [`v${++served}`] }));
    const home = await screens.page('/home', '', 'en', noReads);
    expect(await screens.page('/news', '', 'en', answer)).toContain('{"list":["v1"]}');
    screens.forgetAnswered();
    // Within the page's two seconds, yet read again; a page without answers stays kept.
    expect(await screens.page('/news', '', 'en', answer)).toContain('{"list":["v2"]}');
    expect(await screens.page('/home', '', 'en', noReads)).toBe(home);

    // A render whose answers were read when the change came is sent to its visitor, kept for none.
    const { render, release } = heldRender();
    const slow = firstScreens(template, renderer(render), () => 1_000);
    const during = slow.page('/news', '', 'en', answer);
    await vi.waitFor(() => expect(answer).toHaveBeenCalledTimes(3));
    slow.forgetAnswered();
    release();
    expect(await during).toContain('{"list":["v3"]}');
    expect(await slow.page('/news', '', 'en', answer)).toContain('{"list":["v4"]}');
  });

  it('leaves a read that fails to the browser and renders the rest', async () => {
    const screens = firstScreens(template, renderer());
    const page = await screens.page('/news', '', 'en', async () => {
      throw new Error('not open yet');
    });
    expect(page).toContain('<div class="app">en /news </div>');
    expect(answersIn(page)).toEqual([]);
  });

  it('passes a failed render on without keeping it', async () => {
    const render = vi
      .fn<(...args: Parameters<FirstScreenRenderer['renderFirstScreen']>) => Promise<string>>()
      .mockRejectedValueOnce(new Error('render failed'))
      .mockResolvedValue('');
    const screens = firstScreens(template, renderer(render));
    await expect(screens.page('/home', '', 'en', noReads)).rejects.toThrow('render failed');
    expect(await screens.page('/home', '', 'en', noReads)).toContain('en /home');
  });

  it('sends the plain shell at once while too many renders wait', async () => {
    const { render, release } = heldRender();
    const screens = firstScreens(template, renderer(render));
    const waiting = Array.from({ length: MAX_WAITING_RENDERS }, (_, i) =>
      screens.page('/home', `?q=${i}`, 'en', noReads),
    );
    expect(await screens.page('/home', '?q=more', 'en', noReads)).toBeNull();
    release();
    for (const page of await Promise.all(waiting)) expect(page).toContain('/home');
    // Not kept as "no screen": once the queue is short again, it is rendered.
    expect(await screens.page('/home', '?q=more', 'en', noReads)).toContain('/home?q=more');
  });
});
