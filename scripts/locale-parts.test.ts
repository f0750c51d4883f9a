import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundlePart, localeParts, namespacesNamed } from './locale-parts.ts';

const LOCALES = path.resolve(import.meta.dirname, '..', 'locales');

describe('the language bundles in two parts', () => {
  it('counts a namespace that a module names at the start of a key, in quotes or a template', () => {
    // A template key as a module's text holds it (built here so no template is written).
    const templateKey = ['const tab = t(`footer.', '$', '{name}`);'].join('');
    const sources = ["t('home.headline')", templateKey, 'const k = "nav.back";'];
    expect([...namespacesNamed(sources, ['home', 'footer', 'nav', 'mining', 'app'])].sort()).toEqual([
      'footer',
      'home',
      'nav',
    ]);
    // A word that is only part of a key, or a namespace name without a key, is not a use.
    expect(namespacesNamed(["t('my.home')", "'mining'"], ['home', 'mining']).size).toBe(0);
  });

  it('splits every bundle into two parts that share no namespace and together are the bundle', () => {
    for (const file of readdirSync(LOCALES).filter((name) => name.endsWith('.json'))) {
      const bundle = JSON.parse(readFileSync(path.join(LOCALES, file), 'utf8')) as Record<string, unknown>;
      const first = bundlePart(bundle, 'first');
      const rest = bundlePart(bundle, 'rest');
      expect(
        Object.keys(first).filter((namespace) => namespace in rest),
        file,
      ).toEqual([]);
      expect({ ...first, ...rest }, file).toEqual(bundle);
    }
  });

  it("puts what home's screen and the app's frame name in the first part and the forms' errors in the rest", () => {
    const bundle = JSON.parse(readFileSync(path.join(LOCALES, 'en.json'), 'utf8')) as Record<string, unknown>;
    const first = Object.keys(bundlePart(bundle, 'first'));
    for (const namespace of ['app', 'home', 'nav', 'footer', 'messages', 'routes', 'offline']) {
      expect(first, namespace).toContain(namespace);
    }
    for (const namespace of ['errors', 'mining', 'trading', 'ido', 'solvency']) {
      expect(first, namespace).not.toContain(namespace);
    }
  });

  it('answers a module for a part, and nothing for a whole bundle or another file', () => {
    const plugin = localeParts();
    plugin.buildStart();
    const code = plugin.load(path.join(LOCALES, 'fr.json?part=first'));
    const match = /^export default JSON\.parse\((".*")\);\n$/s.exec(code ?? '');
    expect(match).not.toBeNull();
    const part = JSON.parse(JSON.parse(match?.[1] ?? '""') as string) as Record<string, unknown>;
    expect(Object.keys(part)).toContain('home');
    expect(plugin.load(path.join(LOCALES, 'fr.json'))).toBeNull();
    expect(plugin.load('/somewhere/else.json?part=first')).toBeNull();
  });
});
