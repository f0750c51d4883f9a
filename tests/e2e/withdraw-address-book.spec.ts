/**
 * The address book end to end (docs/withdrawals.md, "The address book"), on a server of this
 * spec's own so that its clock can move: an address saved with the operator's 24-hour cooling-off
 * shows when it becomes usable and cannot be picked; the server restarts 25 hours later (its
 * clock moved, server/clock.ts; the page's with Playwright's clock), the withdrawal to it is signed
 * by the wallet (EIP-712), and its details link the txid to the chain's explorer.
 * - In English the withdrawal goes on chain LOCAL, the run's Hardhat node, where this server's
 *   withdraw sender holds a hot wallet: auto-approved, signed and sent by the sender, its details
 *   count the confirmations (n of 3) as the test mines blocks, then it completes; the recipient
 *   holds the arrival amount on chain and the explorer link names the mined transaction.
 * - In Arabic it goes on ERC20, which has no sender here: the operator processes it by hand.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { erc20Abi, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { asFirstSetup } from '../../server/admin/two-person.ts';
import { applyDemoSeed, openConfiguredDatabase } from '../../server/runtime.ts';
import { freePort } from '../helpers/free-port.ts';
import { connectLocalChain, type LocalChain, localChainConfig } from '../helpers/local-chain.ts';
import { exited, type ServerProcess, startServer } from '../helpers/server-process.ts';
import { E2E_CHAIN_URL } from './fixtures/chain-node.ts';
import { coinOnChain } from './fixtures/coin-on-chain.ts';
import { signInAs } from './fixtures/sign-in.ts';
import { test as base, expect } from './fixtures/test.ts';
import { TEST_WALLETS, walletRequests } from './fixtures/test-wallet.ts';
import { screenshot } from './screenshot.ts';

const TO = '0x000000000000000000000000000000000000dEaD';
const DAY_AND_HOUR_MS = 25 * 3_600_000;
const CONFIRMATIONS = 3;
/** The sender's hot wallet on chain LOCAL: a fresh key for this run, funded by the spec. */
const HOT_KEY = generatePrivateKey();
const EXPLORER = 'https://explorer.meridian.test/tx/{txid}';

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
      // Chain LOCAL is the run's Hardhat node; this server sends its withdrawals itself.
      CHAIN_RPC_LOCAL: E2E_CHAIN_URL,
      HOT_WALLET_KEY_LOCAL: HOT_KEY,
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
    return execFileSync(
      process.execPath,
      ['server/admin/cli.ts', ...asFirstSetup(argv), '--reason', 'e2e', '--json'],
      {
        env: { ...process.env, DATA_DIR: this.dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      },
    );
  }
}

const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((out, [k, v]) => out.replaceAll(`{{${k}}}`, String(v)), text);

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

let chain: LocalChain;
let usdt: Hex;
test.beforeAll(async () => {
  chain = await connectLocalChain(E2E_CHAIN_URL);
  usdt = await chain.deployToken('USDT', 6, '1000000');
  const hot = privateKeyToAccount(HOT_KEY).address;
  await chain.sendEth(hot, '1');
  await chain.sendToken(usdt, hot, '1000', 6);
});

/** Chain LOCAL with the sender's rules (auto-approved up to 500 USDT) and an explorer. */
function configureLocal(book: BookServer) {
  const admin = (...argv: string[]) => book.admin(...argv);
  const [chainArgs, ...tokens] = localChainConfig('LOCAL', usdt, CONFIRMATIONS);
  admin(...(chainArgs ?? []));
  admin(...coinOnChain(admin, 'USDT', 'LOCAL'));
  admin(...coinOnChain(admin, 'ETH', 'LOCAL'));
  for (const argv of tokens) admin(...argv);
  book.admin('config', 'withdraw', 'USDT', 'LOCAL', '--fee', '5', '--min', '10', '--max', '50000');
  book.admin('config', 'withdraw-auto', 'USDT', 'LOCAL', '--limit', '500');
  book.admin('config', 'explorer', 'LOCAL', EXPLORER);
}

for (const [lang, bundle, wallet, network] of [
  ['en', en, TEST_WALLETS.first, 'LOCAL'],
  ['ar', ar, TEST_WALLETS.second, 'ERC20'],
] as const) {
  test(`save an address, wait out its cooling-off, withdraw to it signed by the wallet (${lang}, ${network})`, async ({
    page,
    book,
  }) => {
    test.setTimeout(150_000);
    await book.stop();
    await book.start(0);
    book.admin('config', 'address-delay', '24');
    book.admin('config', 'explorer', 'ERC20', 'https://etherscan.io/tx/{txid}');
    if (network === 'LOCAL') configureLocal(book);
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
    await page.locator('select').selectOption(`USDT ${network}`);
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
    await page.locator('select').nth(1).selectOption(network);
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
    await page.locator('select').nth(1).selectOption(network);
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
      message: { to: TO, coin: 'USDT', chain: network, amount: '100', fee: '5' },
    });
    const id = new URL(page.url()).searchParams.get('id') ?? '';

    const status = page.locator('.detail-head .status');
    if (network === 'LOCAL') {
      // The sender approves (under its limit), signs and sends; the node mines it at once.
      await expect(async () => {
        await page.reload();
        await expect(page.locator('.detail-list')).toContainText(
          fill(bundle.withdraw.confirmationsOf, { seen: 1, required: CONFIRMATIONS }),
          { timeout: 1000 },
        );
      }).toPass({ timeout: 30_000 });
      await expect(status).toHaveText(bundle.withdrawStatus.processing);
      await screenshot(page, `withdrawal-confirming-${lang}`);
      await chain.mine(CONFIRMATIONS);
      // No reload: the screen follows a withdrawal on its way by itself.
      await expect(status).toHaveText(bundle.withdrawStatus.successful, { timeout: 30_000 });
      // On chain: the recipient holds the arrival amount, paid by the transaction the link names.
      const paid = await chain.client.readContract({
        address: usdt,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [TO],
      });
      expect(paid).toBe(95_000_000n);
      const href = (await page.locator('a.explorer-link').getAttribute('href')) ?? '';
      const txid = href.replace(EXPLORER.replace('{txid}', ''), '') as Hex;
      expect(href).toBe(EXPLORER.replace('{txid}', txid));
      const receipt = await chain.client.getTransactionReceipt({ hash: txid });
      expect(receipt.status).toBe('success');
      expect(receipt.to?.toLowerCase()).toBe(usdt.toLowerCase());
      await expect(page.locator('.detail-list')).toContainText(
        fill(bundle.withdraw.confirmationsOf, { seen: CONFIRMATIONS + 1, required: CONFIRMATIONS }),
      );
    } else {
      const txid = `0x${'d'}${'2'.repeat(63)}`;
      book.admin('withdrawals', 'review', id);
      book.admin('withdrawals', 'process', id, '--txid', txid);
      book.admin('withdrawals', 'complete', id);
      await page.reload();
      await expect(status).toHaveText(bundle.withdrawStatus.successful);
      await expect(page.locator('a.explorer-link')).toHaveAttribute(
        'href',
        `https://etherscan.io/tx/${txid}`,
      );
    }
    await expect(page.locator('.timeline li')).toHaveCount(4);
    await screenshot(page, `withdrawal-explorer-${lang}`);

    // The limit left today counts the withdrawal.
    await page.goto('/withdraw');
    await page.locator('select').first().selectOption('USDT');
    await expect(page.locator('.facts')).toContainText('99,900');
    expect(JSON.parse(book.admin('audit'))).toMatchObject({ ok: true });
  });
}
