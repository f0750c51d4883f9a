/**
 * Cloud mining as a user meets it: the mall from home, a machine's details with every field, the
 * count checked as the server checks it, a rent sheet that shows rent, fee, total, output and the
 * cycle before confirming, joint-venture shares, a settlement day run by the operator's command,
 * and the output in my machines, income records, assets and financial details; in English and
 * Arabic.
 */
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { admin } from './fixtures/admin.ts';
import { collectProblems } from './fixtures/page-problems.ts';
import { controlledByServiceWorker } from './fixtures/service-worker.ts';
import { signInFunded } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';
import { screenshot } from './screenshot.ts';

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

for (const [lang, bundle] of [
  ['en', en],
  ['ar', ar],
] as const) {
  test(`browse the mall, rent, buy shares, see a settled day everywhere (${lang})`, async ({ page }) => {
    const problems = collectProblems(page);
    await signInFunded(page, lang, '1000');

    // Home links to the mall.
    await page.locator('.quick-entry[data-feature="mining"]').click();
    await expect(page).toHaveURL(/\/miningMachine\/miningMachineMall$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(bundle.routes.miningMall);
    const l7 = page.locator('.machine-card[data-key="L7"]');
    await expect(l7).toContainText('Antminer L7');
    await expect(l7).toContainText('9.5 GH/s');
    await expect(l7).toContainText('24.7 DOGE');
    await expect(l7).toContainText(bundle.mining.demoOutput);
    // Every card shows its net return over the cycle, a loss in the loss colour; no card shows a
    // gross daily figure (docs/mining.md, "Yields: one rule").
    const returns = page.locator('.machine-card dd.net-loss, .machine-card dd.estimate');
    await expect(returns.first()).toBeVisible();
    expect(await returns.count()).toBe(await page.locator('.machine-card').count());
    for (const figure of await returns.all()) {
      const loss = ((await figure.getAttribute('class')) ?? '').includes('net-loss');
      expect(((await figure.textContent()) ?? '').trim().startsWith('-')).toBe(loss);
    }
    await expect(page.locator('.machine-card').first()).toContainText(bundle.mining.cycleReturn);
    await expect(page.locator('.machine-list')).not.toContainText(bundle.mining.grossDaily);
    await screenshot(page, `mining-mall-${lang}`);

    // Details: every field, efficiency in the unit of the machine's class.
    await l7.click();
    await expect(page).toHaveURL(/\/miningRigDetails\?id=\d+$/);
    const details = page.locator('.machine-details');
    for (const label of [
      bundle.mining.type,
      bundle.mining.hashrate,
      bundle.mining.power,
      bundle.mining.efficiency,
      bundle.mining.size,
      bundle.mining.weight,
      bundle.mining.chip,
      bundle.mining.environment,
      bundle.mining.cycle,
      bundle.mining.serviceFee,
      bundle.mining.grossDaily,
      bundle.mining.startTime,
      bundle.mining.boost,
    ]) {
      await expect(details.locator('dt', { hasText: label }).first()).toBeVisible();
    }
    await expect(details).toContainText('360.52 J/GH');
    await expect(page.locator('.demo-note')).toHaveText(bundle.mining.demoNote);

    // The count is checked before anything is sent.
    const form = page.locator('.purchase-form');
    const input = form.locator('input[name="quantity"]');
    for (const [typed, message] of [
      ['0', fill(bundle.errors.field_invalid, { field: bundle.mining.quantity })],
      ['1.5', fill(bundle.errors.field_invalid, { field: bundle.mining.quantity })],
      ['', fill(bundle.errors.field_required, { field: bundle.mining.quantity })],
      // The DOGE pool covers 80 of the 150 in stock, fewer once others have rented.
      ['9999', new RegExp(`^${fill(bundle.errors.purchase_above_available, { max: '\\d+' })}$`)],
      ['10', fill(bundle.errors.insufficient_balance, { coin: 'USDT' })],
    ] as const) {
      await input.fill(typed);
      await form.locator('button[type="submit"]').click();
      await expect(form.locator('.form-error')).toHaveText(message);
    }
    await expect(page.locator('.sheet')).toHaveCount(0);

    // Two machines: the sheet shows what will be paid and earned before anything happens.
    await input.fill('2');
    await expect(form.locator('.purchase-summary')).toContainText('212 USDT');
    await form.locator('button[type="submit"]').click();
    const sheet = page.getByRole('dialog');
    await expect(sheet).toContainText('200 USDT');
    await expect(sheet).toContainText('12 USDT');
    await expect(sheet).toContainText('212 USDT');
    await expect(sheet).toContainText('49.4 DOGE');
    await expect(sheet).toContainText('1,482 DOGE');
    await screenshot(page, `mining-rent-sheet-${lang}`);
    await sheet.locator('.sheet-confirm').click();
    await expect(page).toHaveURL(/\/miningMachine\/myMiningMachine$/);
    const holding = page.locator('.holding').first();
    await expect(holding).toContainText('Antminer L7');
    await expect(holding.locator('.status')).toHaveText(bundle.mining.status_active);

    // Joint venture: shares of the hydro machine, at least its minimum.
    await page.locator('.tabs a', { hasText: bundle.routes.jointVenture }).click();
    await expect(page).toHaveURL(/\/jointVenture$/);
    await page.locator('.machine-card[data-key="S21HYD"]').click();
    await form.locator('input[name="quantity"]').fill('1');
    await form.locator('button[type="submit"]').click();
    await expect(form.locator('.form-error')).toHaveText(
      fill(bundle.errors.purchase_below_minimum, { num: 2 }),
    );
    await form.locator('input[name="quantity"]').fill('10');
    await form.locator('button[type="submit"]').click();
    await expect(page.getByRole('dialog')).toContainText('39 USDT');
    // The price of one share, times the count: never the total under the label of one share.
    await expect(page.getByRole('dialog')).toContainText(/[\d.]+ USDT × 10 = [\d.,]+ USDT/);
    await screenshot(page, `mining-shares-sheet-${lang}`);
    await page.getByRole('dialog').locator('.sheet-confirm').click();
    await expect(page).toHaveURL(/\/miningMachine\/myMiningMachine$/);
    await expect(page.locator('.holding')).toHaveCount(2);

    // The operator runs the settlement through the first producing day.
    const firstDay = addDays(new Date().toISOString().slice(0, 10), 1);
    const run = JSON.parse(admin('mining', 'settle', '--through', firstDay)) as { days: number };
    expect(run.days).toBeGreaterThanOrEqual(2);
    await page.reload();
    const rented = page.locator('.holding', { hasText: 'Antminer L7' });
    await expect(rented).toContainText('49.4 DOGE');
    // Days are shown as the SPEC's yyyy/MM/dd, like every other date (#40, 9).
    const shownDay = firstDay.replaceAll('-', '/');
    await expect(rented).toContainText(shownDay);
    await screenshot(page, `mining-my-machines-${lang}`);

    await rented.locator('a', { hasText: bundle.routes.miningIncome }).click();
    await expect(page).toHaveURL(/\/miningIncome\?holdingId=\d+$/);
    const row = page.locator('.record-list li').first();
    await expect(row).toContainText('+49.4 DOGE');
    await expect(row).toContainText(shownDay);
    await expect(row).toContainText(bundle.mining.demoOutput);
    await screenshot(page, `mining-income-${lang}`);

    // The output is the user's: in assets, and in financial details with the purchase.
    await page.goto('/assets');
    await expect(page.locator('body')).toContainText('DOGE');
    await expect(page.locator('body')).toContainText('49.4');
    await page.goto('/finance');
    await expect(page.locator('body')).toContainText(bundle.records.mining_earnings);
    await expect(page.locator('body')).toContainText(bundle.records.mining_purchase);
    expect(problems).toEqual([]);
  });
}

test('mining offline: the mall and my machines from the cache, a rental refused and never sent', async ({
  page,
  context,
}) => {
  await signInFunded(page, 'en', '500');
  await controlledByServiceWorker(page);
  await page.goto('/miningMachine/miningMachineMall');
  await expect(page.locator('.machine-card[data-key="S21"]')).toBeVisible();
  await page.locator('.machine-card[data-key="KS5PRO"]').click();
  await expect(page.locator('.machine-details')).toBeVisible();
  const detail = page.url();
  await page.goto('/miningMachine/myMiningMachine');
  await expect(page.locator('.card.empty')).toBeVisible();

  const rentals: string[] = [];
  context.on('request', (request) => {
    if (request.url().endsWith('/adc/html/eto/10052.do')) rentals.push(request.url());
  });
  await context.setOffline(true);
  await page.goto('/miningMachine/miningMachineMall');
  await expect(page.locator('.machine-card[data-key="S21"]')).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toContainText('Offline, data from');
  await screenshot(page, 'mining-offline-en');
  await page.goto(detail);
  await page.locator('.purchase-form button[type="submit"]').click();
  await page.getByRole('dialog').locator('.sheet-confirm').click();
  await expect(page.locator('.toast').filter({ hasText: en.messages.offline_nothing_sent })).toBeVisible();
  await context.setOffline(false);
  expect(rentals).toEqual([]);
});
