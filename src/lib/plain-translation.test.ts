import i18next from 'i18next';
import { describe, expect, test, vi } from 'vitest';
import { withPlainTranslations } from './plain-translation.ts';

const bundle = {
  app: { name: 'Meridian', empty: '' },
  staking: { upTo: 'up to {{apr}}%' },
  nested: { label: 'See $t(app.name)' },
  item_one: 'one item',
  item_other: '{{count}} items',
};

async function instances() {
  const init = {
    lng: 'en',
    resources: { en: { translation: bundle } },
    interpolation: { escapeValue: false },
  };
  const plainI18n = i18next.createInstance();
  await plainI18n.init(init);
  const fastI18n = withPlainTranslations(i18next.createInstance());
  await fastI18n.init(init);
  return {
    plain: plainI18n.getFixedT('en', 'translation'),
    fast: fastI18n.getFixedT('en', 'translation'),
    fastI18n,
  };
}

describe('the plain-key fast path', () => {
  test('answers exactly as i18next does, plain or not', async () => {
    const { plain, fast } = await instances();
    const calls: [string, Record<string, unknown>?][] = [
      ['app.name'],
      ['app.empty'],
      ['staking.upTo'],
      ['staking.upTo', { apr: '12.5' }],
      ['nested.label'],
      ['item', { count: 1 }],
      ['item', { count: 3 }],
      ['missing.key'],
      ['app.name', { lng: 'en' }],
    ];
    for (const [key, options] of calls) {
      expect(options ? fast(key, options) : fast(key), key).toBe(options ? plain(key, options) : plain(key));
    }
  });

  test('a plain key is looked up once; interpolation, nesting and options still go through i18next', async () => {
    const { fast, fastI18n } = await instances();
    const lookups = vi.spyOn(fastI18n, 'getResource');
    expect(fast('app.name')).toBe('Meridian');
    expect(fast('app.name')).toBe('Meridian');
    expect(lookups).toHaveBeenCalledTimes(1);
    expect(fast('staking.upTo', { apr: '7' })).toBe('up to 7%');
    expect(fast('nested.label')).toBe('See Meridian');
  });

  test('a bundle added later is read, not an earlier answer', async () => {
    const { fastI18n } = await instances();
    expect(fastI18n.getFixedT('fr', 'translation')('app.name')).toBe('app.name');
    fastI18n.addResourceBundle('fr', 'translation', { app: { name: 'Méridien' } });
    expect(fastI18n.getFixedT('fr', 'translation')('app.name')).toBe('Méridien');
  });

  test('react-i18next reads the fields of the t it is given', async () => {
    const { fast } = await instances();
    expect((fast as unknown as { lng: string; ns: string }).lng).toBe('en');
    expect((fast as unknown as { lng: string; ns: string }).ns).toBe('translation');
  });
});
