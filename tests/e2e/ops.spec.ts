/**
 * The operator's console (issue #42, src/ops/) against the real server: operators added with the
 * CLI sign in with their wallets at /ops and
 * - a reviewer reviews a user's withdrawal and marks it sent with its txid, in English;
 * - a treasurer's pool funding waits as a request until a second treasurer approves it, and the
 *   pool's balance on the dashboard grows by the amount, in Chinese;
 * - support sees the request without an Approve button, and the server refuses its approval;
 *   support previews an announcement in two languages;
 * - an auditor finds the reviewer's steps in the audit log and exports them as CSV, in Chinese.
 * Screens are photographed at the phone's size, the dashboard once at a desktop's.
 */
import { readFile } from 'node:fs/promises';
import en from '../../locales/en.json' with { type: 'json' };
import { admin } from './fixtures/admin.ts';
import {
  addOperator,
  callFromPage,
  dashboardBalance,
  type Operator,
  openConsole,
  openTab,
  removeOperators,
} from './fixtures/ops-console.ts';
import { submittedWithdrawal } from './fixtures/ops-withdrawal.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { screenshot } from './screenshot.ts';

test.describe.configure({ mode: 'serial' });

const POOL = ['staking_reward_pool', 'USDT'] as const;
let reviewer: Operator;
let treasurer: Operator;
let secondTreasurer: Operator;
let support: Operator;
/** The funding request support must not approve (test 3), made by the treasurer in test 2. */
let pendingId = '';

test.beforeAll(() => {
  // Before any operator exists: with operators, settings that guard money wait for approval.
  admin('config', 'address-delay', 'off');
});

test.afterAll(() => {
  expect(removeOperators()).toEqual([]);
});

test('a reviewer reviews a user’s withdrawal and marks it sent (en)', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { id, user } = await submittedWithdrawal(page);
  reviewer = addOperator('reviewer');
  const ops = await openConsole(browser, reviewer, 'en');
  const { page: opsPage } = ops;
  await screenshot(opsPage, 'ops-signed-in-en');

  await openTab(opsPage, 'withdrawals');
  const row = opsPage.locator(`[data-withdrawal="${id}"]`);
  await expect(row).toContainText('50 USDT');
  await screenshot(opsPage, 'ops-withdrawals-en');
  await row.locator('.ops-link').click();
  const detail = opsPage.locator('[data-section="withdrawal"]');
  await expect(detail).toContainText(user);
  await expect(detail.locator('[data-status]').first()).toHaveAttribute('data-status', 'submitted');

  // Every step asks for a reason before it runs.
  await detail.locator('[data-action="review"] button').click();
  const review = detail.locator('form[data-action="review"]');
  await expect(review.locator('button[type="submit"]')).toBeDisabled();
  await review.locator('textarea[name="reason"]').fill('address and amount checked');
  await screenshot(opsPage, 'ops-withdrawal-review-en');
  await review.locator('button[type="submit"]').click();
  await expect(detail.locator('.ops-answer')).toContainText(`#${id}`);
  await expect(detail.locator('[data-status]').first()).toHaveAttribute('data-status', 'reviewed');

  await detail.locator('[data-action="process"] button').click();
  const processForm = detail.locator('form[data-action="process"]');
  const txid = `opsE2e${Date.now()}`;
  await processForm.locator('input[name="txid"]').fill(txid);
  await processForm.locator('textarea[name="reason"]').fill('sent from the cold wallet');
  await processForm.locator('button[type="submit"]').click();
  await expect(detail.locator('[data-status]').first()).toHaveAttribute('data-status', 'processing');
  await expect(detail).toContainText(txid);
  await screenshot(opsPage, 'ops-withdrawal-processed-en');

  // The user, looked up by address: the 50 USDT left their balance.
  await openTab(opsPage, 'users');
  await opsPage.locator('input[name="query"]').fill(user);
  await opsPage.locator('[data-section="user-search"] button[type="submit"]').click();
  await expect(opsPage.locator('[data-section="user"]')).toContainText(user);
  await expect(opsPage.locator('[data-section="user-balances"]')).toContainText('USDT');
  await screenshot(opsPage, 'ops-user-en');

  // The user sees it moving too.
  await page.reload();
  await expect(page.locator('.detail-head .status')).toHaveText(en.withdrawStatus.processing);
  expect(ops.problems).toEqual([]);
  await ops.close();
});

/** The configuration tab's form for `fund staking-pool USDT <amount>`, filled in. */
async function fundForm(page: Page, amount: string) {
  const form = page.locator('[data-section="command-form"]');
  await form.locator('.ops-command-choice').selectOption('fund');
  await form.locator('select[name="account"]').selectOption('staking-pool');
  await form.locator('input[name="coin"]').fill('USDT');
  await form.locator('input[name="amount"]').fill(amount);
  return form;
}

test('a pool funding waits for a second treasurer, then the pool grows (zh)', async ({ browser }) => {
  test.setTimeout(120_000);
  treasurer = addOperator('treasurer');
  secondTreasurer = addOperator('treasurer');
  const first = await openConsole(browser, treasurer, 'zh');
  const before = await dashboardBalance(first.page, ...POOL);
  // The seed's solvency snapshot, with the posting its journal check reached, in Chinese.
  await expect(first.page.locator('[data-card="solvency"] [data-checkpoint]')).toHaveText(
    /^账本已核对至第 \d+ 笔分录$/,
  );
  await screenshot(first.page, 'ops-dashboard-zh');

  await openTab(first.page, 'config');
  const form = await fundForm(first.page, '100');
  await form.locator('.ops-preview').click();
  // The preview ran it in a transaction rolled back: the pool's balance, before and after.
  await expect(form.locator('.ops-diff')).toContainText('staking_reward_pool USDT');
  await form.locator('textarea[name="reason"]').fill('December staking rewards');
  await screenshot(first.page, 'ops-fund-preview-zh');
  await expect(form.locator('.ops-two-person')).toBeVisible();
  await form.locator('.ops-save').click();
  const pending = form.locator('.ops-answer-pending');
  await expect(pending).toBeVisible();
  await screenshot(first.page, 'ops-fund-pending-zh');
  const requestId = /#(\d+)/.exec((await pending.textContent()) ?? '')?.[1] ?? '';
  expect(requestId).not.toBe('');
  // Nothing moved yet.
  expect(await dashboardBalance(first.page, ...POOL)).toBe(before);

  // The requester cannot approve it.
  await openTab(first.page, 'approvals');
  const own = first.page.locator(`[data-approval="${requestId}"]`);
  await expect(own.locator('.ops-own-request')).toBeVisible();
  await expect(own.locator('[data-action="approve"]')).toHaveCount(0);

  const second = await openConsole(browser, secondTreasurer, 'zh');
  await openTab(second.page, 'approvals');
  const card = second.page.locator(`[data-approval="${requestId}"]`);
  await expect(card).toContainText('fund staking-pool USDT 100');
  await screenshot(second.page, 'ops-approvals-zh');
  await card.locator('[data-action="approve"] button').click();
  await card.locator('form[data-action="approve"] button[type="submit"]').click();
  await expect(second.page.locator(`[data-approval="${requestId}"]`)).toHaveCount(0);
  await expect.poll(() => dashboardBalance(second.page, ...POOL)).toBe(before + 100);
  await screenshot(second.page, 'ops-dashboard-funded-zh');

  // Another request, left pending for support to look at (test 3).
  await openTab(first.page, 'config');
  await fundForm(first.page, '5');
  await form.locator('.ops-preview').click();
  await form.locator('textarea[name="reason"]').fill('left for support to see');
  await form.locator('.ops-save').click();
  pendingId = /#(\d+)/.exec((await form.locator('.ops-answer-pending').textContent()) ?? '')?.[1] ?? '';
  expect(pendingId).not.toBe('');
  expect([...first.problems, ...second.problems]).toEqual([]);
  await first.close();
  await second.close();
});

test('support cannot approve a request (en)', async ({ browser }) => {
  support = addOperator('support');
  const ops = await openConsole(browser, support, 'en');
  await expect(ops.page.locator('.ops-tabs [data-tab="operators"]')).toHaveCount(0);
  await openTab(ops.page, 'approvals');
  const card = ops.page.locator(`[data-approval="${pendingId}"]`);
  await expect(card).toBeVisible();
  await expect(card.locator('.ops-other-role')).toBeVisible();
  await expect(card.locator('[data-action="approve"]')).toHaveCount(0);
  await screenshot(ops.page, 'ops-approvals-support-en');

  // No problem until the refused call below, which the browser logs as a failed resource (403).
  expect(ops.problems).toEqual([]);
  const answer = await callFromPage(ops.page, 'approve', { id: pendingId });
  // ops_role_forbidden (protocol/errors.ts): not a session problem, a refusal.
  expect(answer.respCode).toBe('E4002');
  expect(answer.respMsg).not.toBe('');
  // Still waiting: the refusal changed nothing.
  await ops.page.locator('.ops-refresh').click();
  await expect(card).toHaveAttribute('data-status', 'pending');

  // Support writes announcements: one per language, previewed on the server (in a transaction
  // rolled back, so no other spec meets it).
  await openTab(ops.page, 'news');
  const compose = ops.page.locator('[data-section="news-compose"]');
  for (const [lang, title, body] of [
    ['en', 'Maintenance tonight', 'Withdrawals pause from **22:00** to 23:00 UTC.'],
    ['zh-CN', '今晚维护', '提现将于 UTC **22:00** 至 23:00 暂停。'],
  ] as const) {
    await compose.locator(`[data-lang="${lang}"]`).click();
    await compose.locator('input[name="title"]').fill(title);
    await compose.locator('textarea[name="body"]').fill(body);
  }
  const preview = ops.page.locator('[data-section="news-preview"]');
  await expect(preview.locator('.ops-news-card')).toHaveCount(2);
  await expect(preview.locator('.ops-command-line')).toContainText('--lang zh-CN --title 今晚维护');
  await preview.locator('.ops-preview').click();
  await expect(preview.locator('.ops-preview-answer')).toHaveAttribute('data-ok', 'true');
  await expect(preview.locator('.ops-preview-answer')).toContainText('published in zh-CN, en');
  await screenshot(ops.page, 'ops-news-preview-en');
  await ops.close();

  // The treasurer takes the request back: nothing is left waiting after this spec.
  const requester = await openConsole(browser, treasurer, 'en');
  await openTab(requester.page, 'approvals');
  const own = requester.page.locator(`[data-approval="${pendingId}"]`);
  await own.locator('[data-action="take-back"] button').click();
  await own.locator('form[data-action="take-back"] textarea[name="reason"]').fill('not needed after all');
  await own.locator('form[data-action="take-back"] button[type="submit"]').click();
  await expect(requester.page.locator('.ops-answer')).toContainText(`#${pendingId} refused`);
  await expect(requester.page.locator(`[data-approval="${pendingId}"]`)).toHaveCount(0);
  await requester.close();

  // The same console on a desktop's screen.
  const desktop = await openConsole(browser, support, 'en', { width: 1280, height: 800 });
  await expect(desktop.page.locator('[data-pool]').first()).toBeVisible();
  await screenshot(desktop.page, 'ops-dashboard-desktop-en');
  expect(desktop.problems).toEqual([]);
  await desktop.close();
});

test('an auditor searches the audit log and exports it (zh)', async ({ browser }) => {
  const auditor = addOperator('auditor');
  const ops = await openConsole(browser, auditor, 'zh');
  await openTab(ops.page, 'audit');
  const audit = ops.page.locator('[data-section="audit"]');
  await audit.locator('input[name="operator"]').fill(reviewer.address);
  await audit.locator('input[name="action"]').fill('withdrawals');
  await audit.locator('button[type="submit"]').click();
  // The review and the process step, newest first.
  await expect(audit.locator('[data-audit]')).toHaveCount(2);
  await expect(audit.locator('[data-audit]').first()).toContainText('withdrawals process');
  await expect(audit.locator('[data-audit]').last()).toContainText('address and amount checked');
  await screenshot(ops.page, 'ops-audit-zh');

  const [download] = await Promise.all([
    ops.page.waitForEvent('download'),
    audit.locator('.ops-export').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^meridian-audit-.*\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('"id","at","actor","command","args","reason","outcome","detail"');
  expect(csv).toContain('"withdrawals review"');
  expect(ops.problems).toEqual([]);
  await ops.close();
});
