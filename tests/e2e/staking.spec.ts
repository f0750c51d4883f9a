/**
 * Staking as a user meets it: the "annualized yield up to X%" label computed from the plans, the
 * plan picker with a sold-out plan that cannot be staked, the amount checked against the plan's
 * bounds, estimated earnings as you type, records with staking and expiration time, and an early
 * redemption that returns the principal; in English and Arabic.
 */

import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import type { GlobalConfig } from '../../protocol/config.ts';
import { collectProblems } from './fixtures/page-problems.ts';
import { signInFunded } from './fixtures/sign-in.ts';
import { readStoredMap } from './fixtures/stored-map.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { screenshot } from './screenshot.ts';

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

const planOf = (page: Page, days: number) =>
  page.locator('.plan-option').filter({ has: page.locator('b', { hasText: new RegExp(`^${days}$`) }) });

for (const [lang, bundle] of [
  ['en', en],
  ['ar', ar],
] as const) {
  test(`stake, see the records, redeem early; a sold-out plan cannot be staked (${lang})`, async ({
    page,
  }) => {
    const problems = collectProblems(page);
    await signInFunded(page, lang, '1000');

    // The label on the home page is the best yearly rate on offer, computed by the server: the
    // staking plans' best APR (18%) unless a mining machine's annualized return is higher at
    // today's simulated price. It links to where it comes from.
    const config = (await (
      await page.request.post('/adc/html/eto/00000.do', {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
        form: {},
      })
    ).json()) as { data: GlobalConfig };
    const top = config.data.topYield;
    expect(top).not.toBeNull();
    if (top?.source === 'staking') expect(top.percent).toBe('18');
    await page.reload();
    const label = page.locator('.yield-label');
    // The best net figure on offer, named by where it comes from.
    await expect(label.locator('.yield-value')).toHaveText(
      fill(bundle.home.topYield, { percent: top?.percent ?? '' }),
    );
    await expect(label.locator('.yield-title')).toHaveText(
      top?.source === 'mining' ? `${bundle.home.miningTitle} · ${top.name}` : bundle.routes.staking,
    );
    await screenshot(page, `home-yield-${lang}`);
    await label.click();
    if (top?.source === 'mining') {
      await expect(page).toHaveURL(new RegExp(`/miningRigDetails\\?id=${top.machineId}$`));
      await page.goto('/Staking');
    }
    await expect(page).toHaveURL(/\/Staking$/);

    // The BTC plan has no reward pool behind it: sold out, nothing can be staked.
    const form = page.locator('.staking-form');
    await form.locator('.chip', { hasText: 'BTC' }).click();
    await expect(planOf(page, 60)).toBeDisabled();
    await expect(planOf(page, 60)).toContainText(bundle.staking.soldOut);
    await expect(form.locator('button[type="submit"]')).toBeDisabled();
    await expect(form.locator('input[name="amount"]')).toBeDisabled();
    await screenshot(page, `staking-sold-out-${lang}`);

    // USDT, 7 days: redeemable early. The amount must lie between the plan's bounds.
    await form.locator('.chip', { hasText: 'USDT' }).click();
    await planOf(page, 7).click();
    await expect(planOf(page, 7)).toHaveAttribute('aria-pressed', 'true');
    await expect(form).toContainText(bundle.staking.earlyYes);
    await expect(form.locator('input[name="amount"]')).toHaveAttribute(
      'placeholder',
      fill(bundle.staking.limits, { min: '10', max: '10000' }),
    );
    await form.locator('input[name="amount"]').fill('5');
    await form.locator('button[type="submit"]').click();
    await expect(form.locator('.form-error')).toHaveText(
      fill(bundle.errors.amount_out_of_range, { min: '10', max: '10000' }),
    );
    // Estimated earnings follow the amount: 365 x 6% x 7 / 365 = 0.42.
    await form.locator('input[name="amount"]').fill('365');
    await expect(form.locator('.estimate')).toHaveText('0.42 USDT');
    await screenshot(page, `staking-${lang}`);
    // Nothing moves on the first tap: the sheet says what is staked, what comes back, until when.
    await form.locator('button[type="submit"]').click();
    const sheet = page.locator('.sheet');
    await expect(sheet).toContainText(bundle.staking.confirmTitle);
    await expect(sheet).toContainText('365 USDT');
    await expect(sheet).toContainText('365.42 USDT');
    await expect(sheet).toContainText(bundle.staking.earlyYes);
    await expect(sheet).toContainText(bundle.staking.feeNone);
    await screenshot(page, `staking-confirm-${lang}`);
    await sheet.locator('button', { hasText: bundle.app.cancel }).click();
    await expect(sheet).toHaveCount(0);
    await expect(page).toHaveURL(/\/Staking$/);
    await form.locator('button[type="submit"]').click();
    await sheet.locator('.sheet-confirm').click();
    await expect(page).toHaveURL(/\/StakingRecord$/);

    // A second stake in the 30-day plan, which cannot be redeemed early.
    await page.goto('/Staking');
    await planOf(page, 30).click();
    await expect(form).toContainText(bundle.staking.earlyNo);
    await form.locator('input[name="amount"]').fill('100');
    await expect(form.locator('.estimate')).toHaveText('0.986301 USDT');
    await form.locator('button[type="submit"]').click();
    await expect(sheet).toContainText(bundle.staking.earlyNo);
    await sheet.locator('.sheet-confirm').click();
    await expect(page).toHaveURL(/\/StakingRecord$/);

    const cards = page.locator('.stake-card');
    await expect(cards).toHaveCount(2);
    const thirty = cards.nth(0);
    const seven = cards.nth(1);
    await expect(thirty).toContainText('100 USDT');
    await expect(thirty.locator('.status')).toHaveText(bundle.stakingStatus.staked);
    await expect(thirty.locator('button')).toHaveCount(0);
    await expect(seven).toContainText('365 USDT');
    await expect(seven).toContainText('0.42 USDT');
    await expect(seven.locator('.when')).toHaveCount(2);
    await screenshot(page, `staking-record-${lang}`);

    // Assets per coin: what is free, reserved and staked adds up to the total (#40, 4).
    await page.goto('/assets');
    const usdt = page
      .locator('.balance-table tbody tr')
      .filter({ has: page.locator('th', { hasText: /^USDT$/ }) });
    const cells = usdt.locator('td');
    await expect(cells).toHaveCount(4);
    const figures = (await cells.allTextContents()).map((text) => Number(text.replaceAll(',', '')));
    expect(figures).toEqual([535, 0, 465, 1000]);
    await screenshot(page, `assets-breakdown-${lang}`);
    await page.goto('/StakingRecord');

    await seven.locator('button', { hasText: bundle.staking.redeemEarly }).click();
    // A sheet says what comes back (the principal, no earnings) before anything is sent.
    const redeemSheet = page.getByRole('dialog');
    await expect(redeemSheet).toContainText(bundle.staking.earlyNote);
    await expect(redeemSheet).toContainText('365 USDT');
    await expect(redeemSheet.locator('.sheet-confirm')).toBeFocused();
    await screenshot(page, `staking-redeem-${lang}`);
    await redeemSheet.locator('.sheet-confirm').click();
    await expect(redeemSheet).toHaveCount(0);
    await expect(seven.locator('.status')).toHaveText(bundle.staking.redeemedEarly);
    await expect(seven).toContainText(bundle.staking.earned);
    await expect(seven.locator('button')).toHaveCount(0);
    await screenshot(page, `staking-redeemed-${lang}`);

    // The principal is back: 1000 - 100 still staked.
    await page.goto('/Staking');
    await expect(form).toContainText(fill(bundle.staking.available, { amount: '900', coin: 'USDT' }));
    expect(problems).toEqual([]);
  });
}

test('the public staking screens show the plans and ask for a wallet to stake', async ({ page }) => {
  const problems = collectProblems(page);
  await page.goto('/home');
  await page.locator('.language-picker select').selectOption('en');
  // The next page starts from the persisted store: wait until the choice is written.
  await expect.poll(async () => (await readStoredMap(page))?.language).toBe('en');
  await page.goto('/staking');
  await expect(page.locator('.plan-option')).not.toHaveCount(0);
  await expect(page.locator('.staking-form .connect-button')).toBeVisible();
  await expect(page.locator('.staking-form')).toContainText(en.staking.connectFirst);
  await page.goto('/stakingRecord');
  await expect(page.locator('.connect-to-stake')).toContainText(en.messages.connect_wallet_first);
  expect(problems).toEqual([]);
});
