/**
 * Details screens opened without a usable id (a link cut short, an old bookmark): a friendly "Not
 * found" and the way back to their list, never a form's message about a missing field (issue
 * #40, 9); in English and Arabic. The demo faucet is offered until it is taken, then no more.
 */

import { generatePrivateKey } from 'viem/accounts';
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { collectProblems } from './fixtures/page-problems.ts';
import { signInAs } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';
import { screenshot } from './screenshot.ts';

for (const [lang, bundle] of [
  ['en', en],
  ['ar', ar],
] as const) {
  test(`a details screen without its id says not found and leads back (${lang})`, async ({ page }) => {
    const problems = collectProblems(page);
    // Signed in in the language, as a returning user is (the session keeps it).
    await signInAs(page, generatePrivateKey(), lang);
    for (const [path, list, listTitle] of [
      ['/miningRigDetails', /\/miningMachine\/miningMachineMall$/, bundle.routes.miningMall],
      ['/miningRigDetails?id=abc', /\/miningMachine\/miningMachineMall$/, bundle.routes.miningMall],
      ['/newsDetail', /\/news$/, bundle.routes.news],
    ] as const) {
      await page.goto(path);
      const card = page.locator('.not-found-card');
      await expect(card, path).toContainText(bundle.errors.not_found);
      await expect(page.locator('body')).not.toContainText(bundle.errors.field_required.slice(0, 12));
      if (path === '/miningRigDetails') await screenshot(page, `not-found-${lang}`);
      await card.getByRole('link', { name: listTitle }).click();
      await expect(page).toHaveURL(list);
    }
    expect(problems).toEqual([]);
  });
}

test('the demo faucet is offered once: taken, it is gone, also after a reload', async ({ page }) => {
  await signInAs(page, generatePrivateKey(), 'en');
  await page.goto('/assets');
  const take = page.getByRole('button', { name: en.assets.faucet });
  await take.click();
  await expect(page.locator('.toast').filter({ hasText: en.assets.faucetDone })).toBeVisible();
  await expect(take).toHaveCount(0);
  await expect(page.locator('.demo-banner')).toContainText(en.assets.demoBanner);
  await page.reload();
  await expect(page.locator('.balance-table')).toBeVisible();
  await expect(take).toHaveCount(0);
});

for (const [lang, bundle] of [
  ['en', en],
  ['ar', ar],
] as const) {
  test(`an empty list offers the next step, never only "No data" (${lang})`, async ({ page }) => {
    const problems = collectProblems(page);
    await signInAs(page, generatePrivateKey(), lang);
    for (const [path, step, opens] of [
      ['/finance', bundle.empty.deposit, /\/recharge$/],
      ['/rechargeRecord', bundle.empty.deposit, /\/recharge$/],
      ['/miningMachine/myMiningMachine', bundle.empty.machines, /\/miningMachine\/miningMachineMall$/],
      ['/miningIncome', bundle.empty.machines, /\/miningMachine\/miningMachineMall$/],
      ['/flashRedemptionRecord', bundle.empty.exchange, /\/flashExchange$/],
      ['/StakingRecord', bundle.empty.stake, /\/Staking$/],
    ] as const) {
      await page.goto(path);
      const empty = page.locator('.card.empty');
      await expect(empty, path).toContainText(bundle.messages.no_data);
      if (path === '/miningMachine/myMiningMachine') await screenshot(page, `empty-next-step-${lang}`);
      await empty.getByRole('link', { name: step }).click();
      await expect(page, path).toHaveURL(opens);
    }
    expect(problems).toEqual([]);
  });
}
