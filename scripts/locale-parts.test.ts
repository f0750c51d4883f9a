import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundlePart, keysNamed, localeParts } from './locale-parts.ts';

const LOCALES = path.resolve(import.meta.dirname, '..', 'locales');

type Bundle = Record<string, unknown>;
const readBundle = (file: string) => JSON.parse(readFileSync(path.join(LOCALES, file), 'utf8')) as Bundle;

/** Every leaf's dotted path. */
const leafPaths = (bundle: Bundle, prefix = ''): string[] =>
  Object.entries(bundle).flatMap(([name, value]) =>
    value !== null && typeof value === 'object'
      ? leafPaths(value as Bundle, `${prefix}${name}.`)
      : [`${prefix}${name}`],
  );

/** `b` merged into `a` deeply, as i18next's addResourceBundle(…, deep = true) does. */
const deepMerge = (a: Bundle, b: Bundle): Bundle => {
  const merged: Bundle = { ...a };
  for (const [name, value] of Object.entries(b)) {
    const mine = merged[name];
    merged[name] =
      mine && typeof mine === 'object' && value && typeof value === 'object'
        ? deepMerge(mine as Bundle, value as Bundle)
        : value;
  }
  return merged;
};

describe('the language bundles in two parts', () => {
  it('reads whole keys in quotes and the written start of keys a template completes', () => {
    // A template key as a module's text holds it (built here so no template is written).
    const template = (text: string) => ['t(`', text, '$', '{name}`);'].join('');
    const sources = [
      "t('home.headline')",
      template('footer.'),
      template('markets.category_'),
      'const k = "nav.back";',
      "t('mining.' + kind)",
    ];
    const named = keysNamed(sources, ['home', 'footer', 'nav', 'markets', 'mining', 'app']);
    expect([...named.whole].sort()).toEqual(['home.headline', 'nav.back']);
    expect([...named.starts].sort()).toEqual(['footer.', 'markets.category_', 'mining.']);
    // A word that is only part of a key, or a namespace name without a key, is not a use.
    const none = keysNamed(["t('my.home')", "'mining'", "import './home.css'"], ['home', 'mining']);
    expect(none.whole.size + none.starts.size).toBe(0);
  });

  it('takes a whole key with what is nested under it and its plural forms, and nothing beside it', () => {
    const bundle = {
      home: { headline: 'H', headline_one: '1', headline_other: 'n', tagline: 'T' },
      wallet: { errors: { a: 'A', b: 'B' }, connect: 'C' },
    };
    const sources = ["t('home.headline')", "t('wallet.errors')"];
    expect(bundlePart(bundle, 'first', sources)).toEqual({
      home: { headline: 'H', headline_one: '1', headline_other: 'n' },
      wallet: { errors: { a: 'A', b: 'B' } },
    });
    expect(bundlePart(bundle, 'rest', sources)).toEqual({ home: { tagline: 'T' }, wallet: { connect: 'C' } });
  });

  it('splits every bundle into two parts that share no key and merged are the bundle', () => {
    for (const file of readdirSync(LOCALES).filter((name) => name.endsWith('.json'))) {
      const bundle = readBundle(file);
      const first = bundlePart(bundle, 'first');
      const rest = bundlePart(bundle, 'rest');
      const restKeys = new Set(leafPaths(rest));
      expect(
        leafPaths(first).filter((key) => restKeys.has(key)),
        file,
      ).toEqual([]);
      expect(deepMerge(first, rest), file).toEqual(bundle);
    }
  });

  it("puts what home's screen and the app's frame name in the first part and the forms' errors in the rest", () => {
    const bundle = readBundle('en.json');
    const first = bundlePart(bundle, 'first');
    for (const namespace of ['app', 'home', 'nav', 'footer', 'messages', 'routes', 'offline']) {
      expect(Object.keys(first), namespace).toContain(namespace);
    }
    for (const namespace of ['errors', 'mining', 'trading', 'ido', 'solvency']) {
      expect(Object.keys(first), namespace).not.toContain(namespace);
    }
    // Keys a template completes come whole (the error messages the API client shows by code), a
    // namespace home names a few keys of does not (the ticker's titles, not the instrument
    // screen's texts), and one it names none of stays out (staking's screen).
    expect(first.messages).toEqual(bundle.messages);
    const markets = Object.keys((first.markets ?? {}) as Bundle);
    expect(markets).toContain('popularMarkets');
    expect(markets.length).toBeLessThan(Object.keys(bundle.markets as Bundle).length);
    expect(first.staking).toBeUndefined();
  });

  it('answers a module for a part, and nothing for a whole bundle or another file', () => {
    const plugin = localeParts();
    plugin.buildStart();
    const code = plugin.load(path.join(LOCALES, 'fr.json?part=first'));
    const match = /^export default JSON\.parse\((".*")\);\n$/s.exec(code ?? '');
    expect(match).not.toBeNull();
    const part = JSON.parse(JSON.parse(match?.[1] ?? '""') as string) as Bundle;
    expect(Object.keys(part)).toContain('home');
    expect(plugin.load(path.join(LOCALES, 'fr.json'))).toBeNull();
    expect(plugin.load('/somewhere/else.json?part=first')).toBeNull();
  });
});
