/**
 * The address book end to end (docs/withdrawals.md, "The address book"), on a server of this
 * spec's own so that its clock can move: an address saved with the operator's 24-hour cooling-off
 * shows when it becomes usable and cannot be picked; the server restarts 25 hours later (its
 * clock moved, server/clock.ts; the page's with Playwright's clock), the withdrawal to it is signed
 * by the wallet (EIP-712), and its details link the txid to the chain's explorer. In English and
 * Arabic.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { applyDemoSeed, openConfiguredDatabase } from '../../server/runtime.ts';
import { freePort } from '../helpers/free-port.ts';
import { exited, type ServerProcess, startServer } from '../helpers/server-process.ts';
import { signInAs } from './fixtures/sign-in.ts';
import { test as base, expect } from './fixtures/test.ts';
import { TEST_WALLETS, walletRequests } from './fixtures/test-wallet.ts';
import { screenshot } from './screenshot.ts';

const TO = '0x000000000000000000000000000000000000dEaD';
const DAY_AND_HOUR_MS = 25 * 3_600_000;

/** This spec's server on `dataDir`, its clock `offsetMs` ahead. */
class BookServer {
  server: ServerProcess | null = null;
  readonly dataDir: string;
  readonly port: number;
  constructor(dataDir: string, port: number) {
    this.dataDir = dataDir;
    this.port = port;
  }
  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start(offsetMs: number) {
    this.server = await startServer({
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DATA_DIR: this.dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      MERIDIAN_CLOCK_OFFSET_MS: String(offsetMs),
      MARKET_BACKFILL_MINUTE_DAYS: '0',
      MARKET_BACKFILL_DAILY_DAYS: '2',
    });
  }
  async stop() {
    if (!this.server) return;
    this.server.child.kill('SIGTERM');
    await exited(this.server.child);
    this.server = null;
  }
  /** The operator's CLI through the running server's admin socket; its JSON answer. */
  admin(...argv: string[]): string {
    return execFileSync(process.execPath, ['server/admin/cli.ts', ...argv, '--reason', 'e2e', '--json'], {
      env: { ...process.env, DATA_DIR: this.dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
  }
}

const test = base.extend<object, { book: BookServer }>({
  book: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from it.
    async ({}, use, workerInfo) => {
      const dataDir = path.join(workerInfo.project.outputDir, 'address-book-data');
      rmSync(dataDir, { recursive: true, force: true });
      const database = await openConfiguredDatabase({ databaseUrl: null, dataDir });
      await applyDemoSeed(database);
      await database.close();
      const book = new BookServer(dataDir, await freePort());
      await use(book);
      await book.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ book }, use) => use(book.url),
});

for (const [lang, bundle, wallet] of [
  ['en', en, TEST_WALLETS.first],
  ['ar', ar, TEST_WALLETS.second],
] as const) {
  test(`save an address, wait out its cooling-off, withdraw to it signed by the wallet (${lang})`, async ({
    page,
    book,
  }) => {
    test.setTimeout(120_000);
    await book.stop();
    await book.start(0);
    book.admin('config', 'address-delay', '24');
    book.admin('config', 'explorer', 'ERC20', 'https://etherscan.io/tx/{txid}');
    await signInAs(page, wallet.privateKey, lang);
    book.admin(
      'deposit',
      '--address',
      wallet.address,
      '--coin',
      'USDT',
      '--chain',
      'ERC20',
      '--amount',
      '300',
      '--txid',
      `0x${lang === 'en' ? 'a' : 'b'}${'1'.repeat(63)}`,
    );

    await page.goto('/withdrawAddressBook');
    await expect(page.locator('.card').first()).toContainText(
      bundle.addressBook.delayHint.split('{{')[0] ?? '',
    );
    await page.locator('select').selectOption('USDT ERC20');
    await page.locator('input[name="address"]').fill(TO);
    await page.locator('input[name="label"]').fill('Ledger');
    await page.locator('button[type="submit"]').click();
    const entry = page.locator('.address-book-entry');
    await expect(entry).toContainText(TO);
    await expect(entry).toContainText(bundle.addressBook.usableFrom);
    await expect(page.locator('.timeline li')).toHaveCount(1);
    await screenshot(page, `address-book-${lang}`);

    // Still cooling: the form offers it but will not take it.
    await page.goto('/withdraw');
    await page.locator('select').first().selectOption('USDT');
    await page.locator('select').nth(1).selectOption('ERC20');
    await expect(page.locator('.saved-address')).toContainText(bundle.addressBook.usableFrom);
    await page.locator('input[name="amount"]').fill('100');
    await page.locator('button[type="submit"]').click();
    await expect(page.locator('.form-error')).toHaveText(bundle.addressBook.notYetUsable);
    await screenshot(page, `withdraw-cooling-${lang}`);

    // A day and an hour later, for the server and for the page.
    await book.stop();
    await book.start(DAY_AND_HOUR_MS);
    await page.clock.install({ time: Date.now() + DAY_AND_HOUR_MS });
    await page.goto('/withdraw');
    await page.locator('select').first().selectOption('USDT');
    await page.locator('select').nth(1).selectOption('ERC20');
    await expect(page.locator('.saved-address')).toContainText(bundle.addressBook.usable);
    await expect(page.locator('.facts')).toContainText('100,000');
    await page.locator('input[name="amount"]').fill('100');
    await screenshot(page, `withdraw-from-book-${lang}`);
    await page.locator('button[type="submit"]').click();
    const sheet = page.locator('.sheet');
    await expect(sheet).toContainText(TO);
    await expect(sheet).toContainText('95 USDT');
    await sheet.locator('.sheet-confirm').click();
    await expect(page).toHaveURL(/\/withdrawalDetails\?id=\d+$/);
    const typed = walletRequests(page).filter((r) => r.method === 'eth_signTypedData_v4');
    expect(JSON.parse(String(typed.at(-1)?.params[1]))).toMatchObject({
      primaryType: 'Withdrawal',
      message: { to: TO, coin: 'USDT', chain: 'ERC20', amount: '100', fee: '5' },
    });
    const id = new URL(page.url()).searchParams.get('id') ?? '';

    const txid = `0x${lang === 'en' ? 'c' : 'd'}${'2'.repeat(63)}`;
    book.admin('withdrawals', 'review', id);
    book.admin('withdrawals', 'process', id, '--txid', txid);
    book.admin('withdrawals', 'complete', id);
    await page.reload();
    await expect(page.locator('.detail-head .status')).toHaveText(bundle.withdrawStatus.successful);
    await expect(page.locator('a.explorer-link')).toHaveAttribute('href', `https://etherscan.io/tx/${txid}`);
    await expect(page.locator('.timeline li')).toHaveCount(4);
    await screenshot(page, `withdrawal-explorer-${lang}`);

    // The limit left today counts the withdrawal.
    await page.goto('/withdraw');
    await page.locator('select').first().selectOption('USDT');
    await expect(page.locator('.facts')).toContainText('99,900');
    expect(JSON.parse(book.admin('audit'))).toMatchObject({ ok: true });
  });
}
