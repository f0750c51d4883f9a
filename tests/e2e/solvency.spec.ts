/**
 * Proof of solvency as a user meets it: a funded wallet opens /solvency after the operator's
 * snapshot, sees the published root and what is owed per coin, taps "Verify my balance" and the
 * browser recomputes every part of the balance to "Included"; the same page fed a tampered proof (a
 * sibling's sums lowered on the wire, liabilities moved out of sight) shows the mismatch, and one
 * with a part left out shows that the parts do not make the balance. English and Arabic,
 * screenshots of both outcomes. A wallet newer than the snapshot is told when it will be in one.
 */
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import type { Answer } from '../helpers/app.ts';
import { admin } from './fixtures/admin.ts';
import { collectProblems } from './fixtures/page-problems.ts';
import { signInFunded } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';
import { screenshot } from './screenshot.ts';

// The tampering is done on the page's own requests, which a service worker would otherwise answer.
test.use({ serviceWorkers: 'block' });

for (const [lang, bundle] of [
  ['en', en],
  ['ar', ar],
] as const) {
  test(`a user verifies their balance is included; a tampered proof is caught (${lang})`, async ({
    page,
  }) => {
    const problems = collectProblems(page);
    await signInFunded(page, lang, '321.5');
    const { rootHash } = JSON.parse(admin('solvency', 'snapshot')) as { rootHash: string };
    expect(rootHash).toMatch(/^[0-9a-f]{64}$/);

    await page.goto('/solvency');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(bundle.routes.solvency);
    await expect(page.locator('.solvency-latest code.hash')).toHaveAttribute('title', rootHash);
    await expect(page.locator('.solvency-coins tr[data-coin="USDT"]')).toBeVisible();
    await page.getByRole('button', { name: bundle.solvency.verify }).click();
    const outcome = page.getByTestId('solvency-outcome');
    await expect(outcome).toHaveAttribute('data-included', 'true');
    await expect(outcome).toContainText(bundle.solvency.included);
    await expect(outcome).toContainText('321.5');
    await screenshot(page, `solvency-included-${lang}`);

    // Someone between the server and the page lowers a sibling's sums (liabilities moved away).
    await page.route('**/adc/html/eto/10091.do', async (route) => {
      const response = await route.fetch();
      const envelope: Answer<'10091'> = await response.json();
      // The balance is split over leaves in both halves of the tree: the first part's path always
      // has a sibling holding money (the subtree with another part).
      const proof = envelope.data && !('pending' in envelope.data) ? envelope.data : null;
      const step = proof?.parts[0]?.path.find((s) => s.sums.some((sum) => sum !== '0'));
      if (step) step.sums = step.sums.map(() => '0');
      await route.fulfill({ response, json: envelope });
    });
    await page.reload();
    await page.getByRole('button', { name: bundle.solvency.verify }).click();
    await expect(outcome).toHaveAttribute('data-included', 'false');
    await expect(outcome).toContainText(bundle.solvency.mismatch);
    await expect(outcome).toContainText(bundle.solvency.reason.root_hash);
    await screenshot(page, `solvency-mismatch-${lang}`);

    // A part left out: what is left is in the tree, but it is not the whole balance.
    await page.unroute('**/adc/html/eto/10091.do');
    await page.route('**/adc/html/eto/10091.do', async (route) => {
      const response = await route.fetch();
      const envelope: Answer<'10091'> = await response.json();
      if (envelope.data && !('pending' in envelope.data)) envelope.data.parts.pop();
      await route.fulfill({ response, json: envelope });
    });
    await page.reload();
    await page.getByRole('button', { name: bundle.solvency.verify }).click();
    await expect(outcome).toHaveAttribute('data-included', 'false');
    await expect(outcome).toContainText(bundle.solvency.reason.parts_sum);
    expect(problems).toEqual([]);
  });
}

test('without a wallet the snapshot is public and verifying asks to connect', async ({ page }) => {
  admin('solvency', 'snapshot');
  await page.goto('/solvency');
  await expect(page.locator('.solvency-latest')).toBeVisible();
  await expect(page.locator('.solvency-verify .connect-button')).toBeVisible();
});

test('a wallet that joined after the snapshot is told when it will be in one, without an error', async ({
  page,
}) => {
  const problems = collectProblems(page);
  admin('solvency', 'snapshot');
  await signInFunded(page, 'en', '10');
  await page.goto('/solvency');
  await page.getByRole('button', { name: en.solvency.verify }).click();
  const pending = page.getByTestId('solvency-pending');
  await expect(pending).toContainText(en.solvency.notYet);
  await expect(pending.locator('.when')).toHaveText(/\d/);
  await expect(page.locator('.toast')).toHaveCount(0);
  await screenshot(page, 'solvency-pending-en');
  expect(problems).toEqual([]);
});
