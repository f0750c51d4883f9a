/**
 * A deposit sent from the connected wallet and seen on a real chain: the Hardhat node that
 * playwright.config.ts starts is configured as chain LOCAL (3 confirmations) with a solc-compiled
 * USDT and its own ETH; the test wallet, holding coins there, switches to it and sends from
 * /recharge; /rechargeRecord follows the server's chain watcher from confirming (n of 3) to
 * credited as the test mines blocks. Chain LOCAL is switched off again afterwards, so the other
 * specs see the demo's networks only.
 */
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { connectLocalChain, type LocalChain } from '../helpers/local-chain.ts';
import { admin } from './fixtures/admin.ts';
import { E2E_CHAIN_ID, E2E_CHAIN_URL } from './fixtures/chain-node.ts';
import { coinOnChain } from './fixtures/coin-on-chain.ts';
import { signInAs } from './fixtures/sign-in.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { walletRequests } from './fixtures/test-wallet.ts';
import { screenshot } from './screenshot.ts';

const CHAIN = 'LOCAL';
const NAME = 'Local test chain';
const CONFIRMATIONS = 3;
const chainArgs = [
  'config',
  'chain',
  CHAIN,
  '--name',
  NAME,
  '--family',
  'evm',
  '--evm-chain-id',
  String(E2E_CHAIN_ID),
  '--confirmations',
  String(CONFIRMATIONS),
  '--sort',
  '9',
];

let chain: LocalChain;
let usdt: Hex;

test.describe.configure({ mode: 'serial' });
// Blocks are mined by the test; the watcher (every 3 s) and the record page (every 5 s) follow.
test.setTimeout(90_000);

test.beforeAll(async () => {
  chain = await connectLocalChain(E2E_CHAIN_URL);
  usdt = await chain.deployToken('USDT', 6, '1000000');
  admin(...chainArgs);
  admin(...coinOnChain(admin, 'USDT', CHAIN));
  admin(...coinOnChain(admin, 'ETH', CHAIN));
  admin('config', 'token', 'USDT', CHAIN, '--contract', usdt, '--decimals', '6');
  admin('config', 'token', 'ETH', CHAIN, '--native');
});

test.afterAll(() => {
  admin(...chainArgs, '--disable');
});

/** A new user whose wallet holds `eth` ETH and `tokens` USDT on the node, signed in. */
async function walletUser(page: Page, lang: 'en' | 'ar', eth: string, tokens: string): Promise<string> {
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  await chain.sendEth(address, eth);
  if (tokens !== '0') await chain.sendToken(usdt, address, tokens, 6);
  await signInAs(page, key, lang, { node: { id: E2E_CHAIN_ID, rpcUrl: E2E_CHAIN_URL } });
  return address;
}

const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), text);

test('a USDT deposit from the wallet: switched chain, one transfer, confirming n of 3, credited (en)', async ({
  page,
}) => {
  await walletUser(page, 'en', '1', '100');
  await page.goto('/recharge');
  const card = page.locator('.deposit-card', { hasText: NAME });
  const form = card.locator('form.wallet-deposit');
  await expect(form).toBeVisible();
  await form.locator('select[name="coin"]').selectOption('USDT');

  // More than the wallet holds: refused before anything is signed.
  await form.locator('input[name="amount"]').fill('150');
  await form.locator('button[type="submit"]').click();
  await expect(form.locator('.form-error')).toHaveText(
    fill(en.messages.insufficient_coin_balance, { coin: 'USDT' }),
  );
  expect(walletRequests(page).map((r) => r.method)).not.toContain('eth_sendTransaction');

  // "Max" reads the wallet's balance on the chain.
  await form.locator('.input-with-button button').click();
  await expect(form.locator('input[name="amount"]')).toHaveValue('100');
  await form.locator('input[name="amount"]').fill('30');
  await form.scrollIntoViewIfNeeded();
  await screenshot(page, 'recharge-wallet-en');
  await form.locator('button[type="submit"]').click();

  await expect(page).toHaveURL(/\/rechargeRecord\?tx=0x[0-9a-f]{64}$/);
  const row = page.locator('.record-list li').first();
  await expect(row).toContainText('+30', { timeout: 20_000 });
  await expect(row.locator('.status')).toHaveText(
    fill(en.depositStatus.confirmingOf, { done: 1, required: CONFIRMATIONS }),
    { timeout: 20_000 },
  );
  await chain.mine(1);
  await expect(row.locator('.status')).toHaveText(
    fill(en.depositStatus.confirmingOf, { done: 2, required: CONFIRMATIONS }),
    { timeout: 20_000 },
  );
  await screenshot(page, 'recharge-record-confirming-en');
  await chain.mine(1);
  await expect(row.locator('.status')).toHaveText(en.depositStatus.credited, { timeout: 20_000 });

  const asked = walletRequests(page);
  expect(asked.map((r) => r.method)).toContain('wallet_switchEthereumChain');
  expect(asked.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(1);
  expect(JSON.stringify(asked)).not.toMatch(/095ea7b3/); // approve's selector: never asked

  await page.goto('/assets');
  const usdtRow = page.locator('.balance-table tbody tr', { hasText: 'USDT' }).first();
  await expect(usdtRow.locator('td').first()).toHaveText(/^30(\.0+)?$/);
  expect(JSON.parse(admin('audit'))).toMatchObject({ ok: true });
});

test('an ETH deposit from the wallet, and a token the wallet lacks, in Arabic', async ({ page }) => {
  await walletUser(page, 'ar', '2', '0');
  await page.goto('/recharge');
  const form = page.locator('.deposit-card', { hasText: NAME }).locator('form.wallet-deposit');
  await form.locator('select[name="coin"]').selectOption('USDT');
  await form.locator('input[name="amount"]').fill('10');
  await form.locator('button[type="submit"]').click();
  await expect(form.locator('.form-error')).toHaveText(
    fill(ar.messages.insufficient_coin_balance, { coin: 'USDT' }),
  );
  await form.scrollIntoViewIfNeeded();
  await screenshot(page, 'recharge-wallet-ar');

  await form.locator('select[name="coin"]').selectOption('ETH');
  await form.locator('input[name="amount"]').fill('0.25');
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/rechargeRecord\?tx=0x[0-9a-f]{64}$/);
  const row = page.locator('.record-list li').first();
  await expect(row).toContainText('+0.25', { timeout: 20_000 });
  await expect(row.locator('.status')).toHaveText(
    fill(ar.depositStatus.confirmingOf, { done: 1, required: CONFIRMATIONS }),
    { timeout: 20_000 },
  );
  await screenshot(page, 'recharge-record-confirming-ar');
  await chain.mine(2);
  await expect(row.locator('.status')).toHaveText(ar.depositStatus.credited, { timeout: 20_000 });
  expect(JSON.parse(admin('audit'))).toMatchObject({ ok: true });
});
