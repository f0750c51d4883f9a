/**
 * Every route in all nine languages, at 360 and 412 px wide, signed in with money on the account
 * (issue #40, 8): no content spills out of its box or past the screen's edge, no raw translation
 * key shows, and no English is left on a screen in another language (the bundle's own English, and
 * on screens not written in Latin letters any lower-case English word outside the names below).
 * One page load per language: the routes are opened inside the app, as its links open them.
 */

import { readFileSync } from 'node:fs';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { LANGUAGES, type Language } from '../../protocol/languages.ts';
import { ROUTES } from '../../src/lib/paths.ts';
import { credit } from './fixtures/admin.ts';
import { examplePath } from './fixtures/route-examples.ts';
import { type AuditInput, auditScreen } from './fixtures/screen-audit.ts';
import { signInAs } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';

const WIDTHS = [360, 412] as const;
const NON_LATIN: ReadonlySet<Language> = new Set(['zh-CN', 'zh-TW', 'ja', 'ko', 'th', 'ar']);
/** Names and units that read the same in every language. */
const ALLOWED = ['usdt', 'metamask', 'http', 'https', 'meridian'];

type Bundle = { [key: string]: string | Bundle };

function bundleOf(lang: Language): Bundle {
  return JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), 'utf8')) as Bundle;
}

function textsOf(bundle: Bundle, out: string[] = []): string[] {
  for (const value of Object.values(bundle)) {
    if (typeof value === 'object') textsOf(value, out);
    else out.push(value);
  }
  return out;
}

/**
 * The bundle's English texts that `lang` says otherwise: seen on a `lang` screen, they are
 * leftovers. A text `lang` also uses somewhere (French says "Staking" too) is not one.
 */
function englishLeftovers(lang: Language): string[] {
  const theirs = new Set(textsOf(bundleOf(lang)));
  return textsOf(en).filter((text) => !theirs.has(text) && !text.includes('{{') && /[A-Za-z]{4}/.test(text));
}

const en = bundleOf('en');

for (const lang of LANGUAGES) {
  test(`every route in ${lang} at ${WIDTHS.join(' and ')} px: nothing spills, no raw key, no English left`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const key = generatePrivateKey();
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    await signInAs(page, key, lang);
    // A txid as a chain writes one: hex, no letters a language check would read as English.
    credit(privateKeyToAccount(key).address, '1000', { txid: generatePrivateKey().slice(2) });
    const input: AuditInput = {
      english: lang === 'en' ? [] : englishLeftovers(lang),
      namespaces: Object.keys(en),
      nonLatin: NON_LATIN.has(lang),
      allowed: ALLOWED,
    };
    const found: string[] = [];
    for (const route of ROUTES) {
      const path = examplePath(route);
      await page.evaluate((to) => {
        history.pushState(null, '', to);
      }, path);
      await expect(page.locator('h1').first(), path).toBeVisible();
      await expect(page.locator('[aria-busy="true"], .skeleton'), path).toHaveCount(0, { timeout: 10_000 });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        const problems = await page.evaluate(auditScreen, input);
        found.push(...problems.map((p) => `${path} @${width}: ${p}`));
      }
      await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    }
    expect([...new Set(found)]).toEqual([]);
  });
}
