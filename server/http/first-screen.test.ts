import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { firstScreens, MAX_WAITING_RENDERS, withFirstScreen } from './first-screen.ts';

// The source of dist/index.html: the build keeps its <html> tag, boot shell and <noscript>.
const template = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');

describe('withFirstScreen', () => {
  it('puts the screen in place of the boot shell and writes the language and its direction', () => {
    const page = withFirstScreen(template, '<div inert="" class="app"><h1>Home</h1></div>', 'ar');
    expect(page).toContain('<html lang="ar" dir="rtl">');
    expect(page).toContain('<div id="root"><div inert="" class="app"><h1>Home</h1></div></div>');
    expect(page).not.toContain('boot-shell');
    // The rest of the page is the shell's own.
    expect(page).toContain('<noscript>Meridian needs JavaScript.</noscript>');
    expect(page).toContain('<script type="module" src="/src/main.tsx"></script>');
    expect(withFirstScreen(template, '', 'en')).toContain('<html lang="en" dir="ltr">');
  });

  it('refuses a template it cannot place a screen in', () => {
    expect(() => withFirstScreen('<html><body><div id="app"></div></body></html>', '', 'en')).toThrow(
      /boot shell/,
    );
  });
});

describe('firstScreens', () => {
  it('renders each route, query and language once and leaves unrendered routes to the shell', async () => {
    const render = vi.fn(async (pathname: string, search: string, language: string) =>
      pathname === '/assets' ? null : `<div class="app">${language} ${pathname}${search}</div>`,
    );
    const screens = firstScreens(template, render);
    const home = await screens.page('/home', '', 'en');
    expect(home).toContain('<div class="app">en /home</div>');
    expect(await screens.page('/home', '', 'en')).toBe(home);
    expect(await screens.page('/home', '', 'fr')).toContain('<div class="app">fr /home</div>');
    expect(await screens.page('/marketPrices', '?category=crypto', 'en')).toContain(
      'en /marketPrices?category=crypto',
    );
    expect(await screens.page('/assets', '', 'en')).toBeNull();
    expect(await screens.page('/assets', '', 'en')).toBeNull();
    expect(render).toHaveBeenCalledTimes(4);
  });

  it('passes a failed render on without keeping it', async () => {
    const render = vi
      .fn<(pathname: string) => Promise<string | null>>()
      .mockRejectedValueOnce(new Error('render failed'))
      .mockResolvedValue('<div class="app">ok</div>');
    const screens = firstScreens(template, render);
    await expect(screens.page('/home', '', 'en')).rejects.toThrow('render failed');
    expect(await screens.page('/home', '', 'en')).toContain('ok');
  });

  it('sends the plain shell at once while too many renders wait', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const render = vi.fn(async (pathname: string) => {
      await held;
      return `<div class="app">${pathname}</div>`;
    });
    const screens = firstScreens(template, render);
    const waiting = Array.from({ length: MAX_WAITING_RENDERS }, (_, i) =>
      screens.page(`/news`, `?q=${i}`, 'en'),
    );
    expect(await screens.page('/news', '?q=more', 'en')).toBeNull();
    release();
    for (const page of await Promise.all(waiting)) expect(page).toContain('/news');
    // Not kept as "no screen": once the queue is short again, it is rendered.
    expect(await screens.page('/news', '?q=more', 'en')).toContain('/news');
  });
});
