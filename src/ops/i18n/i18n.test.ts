import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { MESSAGES, pickLanguage, translate } from './i18n.tsx';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the console’s languages', () => {
  for (const [lang, messages] of Object.entries(MESSAGES)) {
    it(`${lang} has every English key, with the same placeholders, and no other`, () => {
      const keys = Object.keys(messages);
      expect(Object.keys(en).filter((key) => !keys.includes(key))).toEqual([]);
      expect(keys.filter((key) => !Object.hasOwn(en, key))).toEqual([]);
      for (const [key, text] of Object.entries(en)) {
        const translated = (messages as Record<string, string>)[key] ?? '';
        expect(translated.trim(), key).not.toBe('');
        expect(placeholders(translated), key).toEqual(placeholders(text));
      }
    });
  }

  it('picks Chinese for a Chinese browser unless the operator chose', () => {
    expect(pickLanguage(null, 'zh-TW')).toBe('zh');
    expect(pickLanguage(null, 'en-US')).toBe('en');
    expect(pickLanguage('en', 'zh-CN')).toBe('en');
    expect(pickLanguage('xx', undefined)).toBe('en');
  });

  it('fills placeholders', () => {
    expect(translate(en, 'withdrawal.title', { id: 7 })).toBe('Withdrawal #7');
  });
});
