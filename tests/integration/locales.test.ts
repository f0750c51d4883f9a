/** Every bundle carries every key English has, the same placeholders, and no empty text. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { CLIENT_MESSAGES, ERRORS } from '../../protocol/errors.ts';
import { LANGUAGES } from '../../protocol/languages.ts';

type Bundle = { [key: string]: string | Bundle };

const load = (lang: string): Bundle =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../locales', `${lang}.json`), 'utf8'));

function flatten(bundle: Bundle, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(bundle)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const english = flatten(load('en'));

describe('locale bundles', () => {
  test('English has a message for every error and client message', () => {
    for (const name of Object.keys(ERRORS)) expect(english.has(`errors.${name}`), name).toBe(true);
    for (const name of CLIENT_MESSAGES) expect(english.has(`messages.${name}`), name).toBe(true);
  });

  for (const lang of LANGUAGES) {
    test(`${lang} has every English key with the same placeholders`, () => {
      const bundle = flatten(load(lang));
      const missing = [...english.keys()].filter((k) => !bundle.has(k));
      expect(missing).toEqual([]);
      for (const [key, text] of bundle) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
      }
    });
  }

  test('bundles are translated, not copies of English', () => {
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      const bundle = flatten(load(lang));
      // Brand names (Meridian, Telegram, WhatsApp…) and tickers stay as they are in every language.
      const same = [...english.keys()].filter(
        (k) =>
          !k.startsWith('contactChannels.') &&
          bundle.get(k) === english.get(k) &&
          !/\bMeridian\b|^[A-Z]{2,}$/.test(english.get(k) ?? ''),
      );
      // Some words are the same in several languages ("Trading", "code"); whole messages are not.
      expect(same.length, `${lang}: ${same.join(', ')}`).toBeLessThanOrEqual(english.size / 10);
    }
  });
});
