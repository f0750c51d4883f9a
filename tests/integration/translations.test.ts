/**
 * The operator's texts in the reader's language (docs/translations.md): the demo's IDO names and
 * descriptions and the machines' operating environments answer in each of the nine languages,
 * the text first given stands in where no translation exists, and the CLI refuses what it cannot
 * store, changing nothing.
 */
import { describe, expect, test } from 'vitest';
import { LANGUAGES } from '../../protocol/languages.ts';
import { caller, dataOf } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { checkedAdmin, directAdmin } from '../helpers/direct-admin.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';

const ENGLISH_NAME = 'Nova (demo token)';
const ENGLISH_ENVIRONMENT = '5–45 °C, 10–90 % RH (non-condensing)';

for (const target of DATABASE_TARGETS) {
  describe(`translations on ${target.name}`, () => {
    const env = useSeededApp(target);
    const admin = directAdmin(env);
    const checked = checkedAdmin(env);
    const inLanguage = (lang: string) => caller(env.app, { cookie: `lang=${lang}` });

    async function nova(lang: string) {
      const list = dataOf(await inLanguage(lang)('10060', { page: '1', size: '20' })).list;
      const listed = list.find((o) => o.token === 'NOVA');
      if (!listed) throw new Error('NOVA is not listed');
      const details = dataOf(await inLanguage(lang)('10062', { id: String(listed.id) }));
      return { listed, details };
    }

    test('every language reads the demo offering and the machines in its own words; English as given', async () => {
      const names = new Set<string>();
      for (const lang of LANGUAGES) {
        const { listed, details } = await nova(lang);
        expect(details.name, lang).toBe(listed.name);
        expect(details.description, lang).toBe(listed.description);
        names.add(details.name);
        const machines = dataOf(await inLanguage(lang)('10050', { page: '1', size: '20' })).list;
        const s21 = machines.find((m) => m.key === 'S21');
        const details21 = dataOf(await inLanguage(lang)('10051', { id: String(s21?.id) }));
        expect(details21.environment, lang).toBe(s21?.environment);
        if (lang === 'en') {
          expect(details.name).toBe(ENGLISH_NAME);
          expect(details21.environment).toBe(ENGLISH_ENVIRONMENT);
        } else {
          expect(details21.environment, lang).not.toBe(ENGLISH_ENVIRONMENT);
        }
      }
      expect(names.size).toBe(LANGUAGES.length);
      expect((await nova('zh-CN')).details.name).toBe('Nova（演示代币）');
      expect((await nova('ar')).details.description).toContain('NOVA');
    });

    test('without a translation the text first given stands in; set again, it is replaced', async () => {
      await checked('translation', 'remove', 'ido', 'NOVA', 'name', 'fr');
      expect((await nova('fr')).details.name).toBe(ENGLISH_NAME);
      await checked('translation', 'set', 'ido', 'nova', 'name', 'fr', '--text', '  Nova (essai)  ');
      expect((await nova('fr')).details.name).toBe('Nova (essai)');
      const listed = await checked('translation', 'list', 'ido', 'NOVA');
      expect(listed.json).toContainEqual({
        subject: 'ido',
        ref: 'NOVA',
        field: 'name',
        lang: 'fr',
        value: 'Nova (essai)',
      });
    });

    test('the CLI refuses what it cannot store, and nothing changes', async () => {
      const before = (await nova('ja')).details;
      for (const argv of [
        ['translation', 'set', 'ido', 'NOPE', 'name', 'ja', '--text', 'x'],
        ['translation', 'set', 'ido', 'NOVA', 'price', 'ja', '--text', '1'],
        ['translation', 'set', 'ido', 'NOVA', 'name', 'xx', '--text', 'x'],
        ['translation', 'set', 'ido', 'NOVA', 'name', 'ja', '--text', '   '],
        ['translation', 'set', 'ido', 'NOVA', 'name', 'ja', '--text', 'x'.repeat(81)],
        ['translation', 'set', 'coin', 'USDT', 'name', 'ja', '--text', 'x'],
        ['translation', 'set', 'machine', 'S21', 'environment', 'ja'],
      ]) {
        const result = await admin(...argv);
        expect(result.ok, argv.join(' ')).toBe(false);
      }
      expect((await nova('ja')).details).toEqual(before);
    });
  });
}
