/**
 * The IDO launchpad as a user meets it: an offering the operator created and funded opens, the
 * user steps the shares and confirms in a sheet, the operator's command moves the clock to the end
 * (over-subscribed: half is won, half of the USDT returns) and to the release, and the position,
 * the offering that is over, the tokens in assets and the finance records show it; English and
 * Arabic.
 */
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { admin } from './fixtures/admin.ts';
import { collectProblems } from './fixtures/page-problems.ts';
import { signInFunded } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';
import { screenshot } from './screenshot.ts';

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

/** "An offering for this test" in the languages not written in Latin letters. */
const TEST_DESCRIPTIONS: Record<string, string> = {
  'zh-CN': '本测试的发行',
  'zh-TW': '本測試的發行',
  ja: 'このテストの販売',
  ko: '이 테스트의 공모',
  th: 'การเสนอขายของการทดสอบนี้',
  ar: 'طرح لهذا الاختبار',
};

for (const [lang, bundle] of [
  ['en', en],
  ['ar', ar],
] as const) {
  test(`subscribe, see the allocation, the refund and the released tokens (${lang})`, async ({ page }) => {
    const problems = collectProblems(page);
    const token = `${lang.toUpperCase()}${String(Date.now()).slice(-6)}`;
    const now = Date.now();
    const [end, release] = [now + 3_600_000, now + 7_200_000];
    admin(
      ...['ido', 'create', token, '--name', `Test ${token}`, '--precision', '6', '--price', '0.25'],
      ...['--offering', '100', '--share-size', '50', '--min-shares', '1', '--max-shares', '10'],
      ...['--start', new Date(now - 60_000).toISOString(), '--end', new Date(end).toISOString()],
      ...['--release', new Date(release).toISOString(), '--description', 'An offering for this test'],
    );
    // As an operator publishing for every reader: the description in the languages not written in
    // Latin letters too (the nine-language scan reads every route after this spec; docs/translations.md).
    for (const [other, text] of Object.entries(TEST_DESCRIPTIONS)) {
      admin('translation', 'set', 'ido', token, 'description', other, '--text', text);
    }
    admin('fund', 'ido-treasury', token, '100');
    admin('ido', 'advance');
    await signInFunded(page, lang, '1000');

    await page.goto('/ido/inProgress');
    await expect(page.locator('.tab.active')).toHaveText(bundle.routes.idoInProgress);
    const card = page.locator(`.offering-card[data-token="${token}"]`);
    await expect(card.locator('.status')).toHaveText(bundle.ido.phase_ongoing);
    await expect(card.locator('[role="timer"]')).toHaveText(/^\S*\s?00:5\d:\d\d$|^00:5\d:\d\d$/);
    // The demo offering ends in days: the days stand first in reading order, the clock whole after
    // them (in Arabic the days on the right, never "ي 23:59:42 4").
    const demo = page.locator('.offering-card[data-token="NOVA"] [role="timer"] bdi');
    await expect(demo).toHaveCount(2);
    const [days, clock] = [await demo.nth(0).boundingBox(), await demo.nth(1).boundingBox()];
    if (!days || !clock) throw new Error('the countdown is not shown');
    if (lang === 'ar') expect(days.x).toBeGreaterThan(clock.x + clock.width - 1);
    else expect(days.x + days.width).toBeLessThan(clock.x + 1);
    await expect(demo.nth(1)).toHaveText(/^\d\d:\d\d:\d\d$/);
    // Four shares of 50 tokens at 0.25: 200 tokens asked, 50 USDT frozen.
    for (let i = 0; i < 3; i += 1) await card.getByRole('button', { name: bundle.ido.more }).click();
    await expect(card.locator('.stepper-value')).toHaveText('4');
    await expect(card).toContainText(`200 ${token}`);
    await card.locator('.subscribe-button').click();
    const sheet = page.getByRole('dialog');
    await expect(sheet).toContainText('50 USDT');
    await screenshot(page, `ido-subscribe-sheet-${lang}`);
    await sheet.locator('.sheet-confirm').click();
    await expect(sheet).toHaveCount(0);
    await expect(card).toContainText(fill(bundle.ido.yourShares, { count: 4 }));
    await expect(card).toContainText(fill(bundle.ido.progress, { percent: 100 }));
    await screenshot(page, `ido-in-progress-${lang}`);

    // The end: asked 200 of 100 offered, so half is won and 25 USDT returns.
    admin('ido', 'advance', '--at', new Date(end).toISOString());
    await page.locator('.tabs a', { hasText: bundle.routes.idoPosition }).click();
    await expect(page).toHaveURL(/\/ido\/position$/);
    const position = page.locator(`.position-card[data-token="${token}"]`);
    await expect(position.locator('.status')).toHaveText(bundle.ido.phase_ended);
    await expect(position).toContainText(`100 ${token}`);
    await expect(position).toContainText('25 USDT');
    await expect(position).toContainText('50%');
    // "shares" is also the unit after a number ("4 shares"): as a label it starts with a capital.
    const label = position.locator('dt', { hasText: bundle.ido.shares });
    const firstLetterCase = await label.evaluate((dt) => {
      // Runs in the page (spelled out: this file is checked without the DOM lib).
      const { getComputedStyle } = globalThis as unknown as {
        getComputedStyle(element: unknown, pseudo: string): { textTransform: string };
      };
      return getComputedStyle(dt, '::first-letter').textTransform;
    });
    expect(firstLetterCase).toBe('uppercase');
    await screenshot(page, `ido-position-${lang}`);

    // The release: the tokens are the user's.
    admin('ido', 'advance', '--at', new Date(release).toISOString());
    await page.locator('.tabs a', { hasText: bundle.routes.idoOver }).click();
    const over = page.locator(`.offering-card[data-token="${token}"]`);
    await expect(over.locator('.status')).toHaveText(bundle.ido.phase_issued);
    await expect(over).toContainText('50%');
    await screenshot(page, `ido-over-${lang}`);
    await page.goto('/assets');
    await expect(page.locator('body')).toContainText(token);
    await page.goto('/finance');
    for (const type of ['ido_subscription', 'ido_return', 'ido_release'] as const)
      await expect(page.locator('body')).toContainText(bundle.records[type]);
    expect(problems).toEqual([]);
  });
}
