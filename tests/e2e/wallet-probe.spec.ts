/**
 * The wallet module (src/features/account/wallet.ts) in Debian's Chromium under the server's real
 * Content-Security-Policy, with the test wallet fixture. The module is bundled on the fly (Vite's
 * JS API, the same production build settings) and served by `page.route` at /probe on the app
 * server's origin, so it needs no UI of its own. Checks: connect, a signature viem verifies, the
 * 3 s time-out without a wallet, refusals, accountsChanged, no console error, no CSP violation, no
 * request to any other origin, and web3-onboard loaded only on the first connect.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Hex, verifyMessage } from 'viem';
import { expect, type Page, test } from './fixtures/test.ts';
import {
  installTestWallet,
  lockWallet,
  setWalletRejections,
  switchAccount,
  TEST_WALLET_INFO,
  TEST_WALLETS,
  type TestWalletOptions,
  walletRequests,
} from './fixtures/test-wallet.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WALLET_MODULE = path.join(ROOT, 'src/features/account/wallet.ts');
const ENTRY_ID = 'virtual:wallet-probe';

let outDir = '';
let csp = '';

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async ({ request }) => {
  const { build } = await import('vite');
  outDir = await mkdtemp(path.join(tmpdir(), 'meridian-wallet-probe-'));
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    mode: 'production',
    plugins: [
      {
        name: 'wallet-probe-entry',
        resolveId: (id) => (id === ENTRY_ID ? `\0${ENTRY_ID}` : null),
        load: (id) =>
          id === `\0${ENTRY_ID}`
            ? `import * as wallet from ${JSON.stringify(WALLET_MODULE)}; window.walletProbe = wallet;`
            : null,
      },
    ],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      assetsInlineLimit: 0,
      modulePreload: false,
      rolldownOptions: {
        input: { probe: ENTRY_ID },
        output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
  const home = await request.get('/');
  csp = home.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("style-src 'self'");
});

test.afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

interface Probe {
  problems: string[];
  warnings: string[];
  offsite: string[];
  scripts: string[];
}

const PROBE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>wallet probe</title>
<script type="module" src="/probe/probe.js"></script></head>
<body><main>wallet probe</main></body></html>`;

async function openProbe(page: Page, wallet: TestWalletOptions | null): Promise<Probe> {
  const probe: Probe = { problems: [], warnings: [], offsite: [], scripts: [] };
  page.on('pageerror', (error) => probe.problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') probe.problems.push(`console: ${message.text()}`);
    if (message.type() === 'warning') probe.warnings.push(message.text());
  });
  await page.addInitScript(() => {
    const { document } = globalThis as unknown as {
      document: { addEventListener(type: string, listener: (event: Record<string, string>) => void): void };
    };
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${event.sample}`,
      );
    });
  });
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.hostname !== '127.0.0.1') {
      probe.offsite.push(url.href);
      return route.abort('blockedbyclient');
    }
    if (url.pathname === '/probe') {
      return route.fulfill({
        contentType: 'text/html',
        headers: { 'content-security-policy': csp },
        body: PROBE_HTML,
      });
    }
    if (url.pathname.startsWith('/probe/')) {
      probe.scripts.push(url.pathname);
      const file = path.join(outDir, url.pathname.slice('/probe/'.length));
      if (!file.startsWith(outDir)) return route.abort();
      const body = await readFile(file).catch(() => null);
      if (!body) return route.fulfill({ status: 404, body: 'not found' });
      return route.fulfill({ contentType: 'text/javascript', body });
    }
    return route.continue();
  });
  if (wallet) await installTestWallet(page, wallet);
  await page.goto('/probe');
  await page.waitForFunction(() => 'walletProbe' in globalThis);
  return probe;
}

/** What the probe uses of wallet.ts (not imported: this file is type-checked as Node code). */
interface WalletModule {
  connectWallet(): Promise<{ address: string; chainId: number; label: string }>;
  readConnectedAccount(): Promise<string | null>;
  disconnectWallet(): Promise<void>;
  signMessage(address: string, message: string): Promise<string>;
  onAccountsChanged(callback: (account: string | null) => void): () => void;
}
type Method = 'connectWallet' | 'readConnectedAccount' | 'disconnectWallet' | 'signMessage';
/** The page's window as the probe uses it (this file is type-checked without the DOM library). */
interface ProbeWindow {
  walletProbe: WalletModule;
  probeAccounts: (string | null)[];
  document: {
    querySelector(selector: string): { shadowRoot: unknown; childNodes: { length: number } } | null;
  };
}

/** Runs a wallet call in the page; a WalletError comes back as `{ error: kind }`. */
function call(page: Page, method: Method, ...args: string[]) {
  return page.evaluate(
    async ([name, params]) => {
      const wallet = (globalThis as unknown as ProbeWindow).walletProbe;
      try {
        const run = wallet[name] as (...a: string[]) => Promise<unknown>;
        return { value: await run(...params) };
      } catch (error) {
        return { error: (error as { kind?: string }).kind ?? String(error) };
      }
    },
    [method, args] as const,
  );
}

const onboardLoaded = (probe: Probe) => probe.scripts.some((s) => /\/chunks\/onboard-/.test(s));

function expectClean(probe: Probe) {
  expect(probe.problems).toEqual([]);
  expect(probe.offsite).toEqual([]);
}

test('connects, signs a message viem verifies, follows account switches, with no CSP error', async ({
  page,
}) => {
  const probe = await openProbe(page, { privateKey: TEST_WALLETS.first.privateKey, announce: 'both' });
  const first = TEST_WALLETS.first.address.toLowerCase();
  const second = TEST_WALLETS.second.address.toLowerCase();

  // Before any connect: the guard's read does not prompt and does not load web3-onboard.
  expect(await call(page, 'readConnectedAccount')).toEqual({ value: null });
  await page.evaluate(() => {
    const probe = globalThis as unknown as ProbeWindow;
    probe.probeAccounts = [];
    probe.walletProbe.onAccountsChanged((account) => probe.probeAccounts.push(account));
  });
  expect(onboardLoaded(probe)).toBe(false);
  expect(walletRequests(page).map((r) => r.method)).not.toContain('eth_requestAccounts');

  const started = Date.now();
  const connected = await call(page, 'connectWallet');
  expect(connected).toEqual({
    value: { address: TEST_WALLETS.first.address, chainId: 1, label: TEST_WALLET_INFO.name },
  });
  expect(Date.now() - started).toBeLessThan(1500);
  expect(onboardLoaded(probe)).toBe(true);
  // Granting the account told the listener, as MetaMask does, in the wallet's spelling (lower case
  // here, as MetaMask's): the session guard compares case-insensitively.
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as ProbeWindow).probeAccounts))
    .toEqual([first]);

  const message = 'Meridian wants you to sign in with your Ethereum account:\nDAPP — ünïcode ✓';
  const { value: signed } = await call(page, 'signMessage', TEST_WALLETS.first.address, message);
  expect(signed).toMatch(/^0x[0-9a-f]{130}$/i);
  expect(
    await verifyMessage({ address: TEST_WALLETS.first.address, message, signature: signed as Hex }),
  ).toBe(true);
  expect(await call(page, 'readConnectedAccount')).toEqual({ value: first });
  // personal_sign got the UTF-8 bytes as hex, which the fixture decodes back for assertions.
  const signRequest = walletRequests(page).find((r) => r.method === 'personal_sign');
  expect(signRequest?.params[0]).toMatch(/^0x[0-9a-f]+$/);
  expect(signRequest?.message).toBe(message);

  await switchAccount(page, TEST_WALLETS.second.privateKey);
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as ProbeWindow).probeAccounts))
    .toEqual([first, second]);
  expect(await call(page, 'readConnectedAccount')).toEqual({ value: second });
  // Signing for the account the user left is refused before the wallet is asked.
  expect(await call(page, 'signMessage', TEST_WALLETS.first.address, 'DAPP')).toEqual({
    error: 'wallet_account_switched',
  });

  await lockWallet(page);
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as ProbeWindow).probeAccounts.at(-1)))
    .toBeNull();
  expect(await call(page, 'readConnectedAccount')).toEqual({ value: null });
  expect(await call(page, 'disconnectWallet')).toEqual({ value: undefined });
  // Connecting again (here while web3-onboard's first connect is still winding down) unlocks the
  // wallet on the account it is on now.
  expect(await call(page, 'connectWallet')).toEqual({
    value: { address: TEST_WALLETS.second.address, chainId: 1, label: TEST_WALLET_INFO.name },
  });
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as ProbeWindow).probeAccounts.at(-1)))
    .toBe(second);

  // web3-onboard's UI never reached the document: no <style>, an empty host, no shadow root.
  const dom = await page.evaluate(() => {
    const { document } = globalThis as unknown as ProbeWindow;
    const host = document.querySelector('onboard-v2');
    return {
      styles: document.querySelector('style, link[rel=stylesheet]') === null,
      host: host !== null,
      shadowRoot: host?.shadowRoot ?? null,
      hostChildren: host?.childNodes.length ?? 0,
    };
  });
  expect(dom).toEqual({ styles: true, host: true, shadowRoot: null, hostChildren: 0 });
  // Nothing but account, permission, chain, balance and signing requests reached the wallet.
  const allowed = [
    'eth_requestAccounts',
    'eth_accounts',
    'wallet_getPermissions',
    'eth_chainId',
    'eth_getBalance',
  ];
  const methods = [...new Set(walletRequests(page).map((r) => r.method))];
  expect(methods.filter((m) => m !== 'personal_sign' && !allowed.includes(m))).toEqual([]);
  await page.waitForTimeout(1700); // web3-onboard's own connect promise settles 1.5 s after the state
  expectClean(probe);
  // Both connects went through web3-onboard (no fall-back to the bare provider), without a warning:
  // not even its deprecation notice for the `notify` option (src/features/account/onboard.ts).
  expect(probe.warnings).toEqual([]);
});

test('a returning session: reading and following the account load no other script', async ({ page }) => {
  // What the session guard does on every signed-in page: the wallet module alone, no checksum
  // library (viem's chunk once also pulled the deposit form's code into every wallet screen).
  const probe = await openProbe(page, {
    privateKey: TEST_WALLETS.first.privateKey,
    announce: 'both',
    authorized: true,
  });
  const atStart = [...probe.scripts];
  await page.evaluate(() => {
    const probe = globalThis as unknown as ProbeWindow;
    probe.probeAccounts = [];
    probe.walletProbe.onAccountsChanged((account) => probe.probeAccounts.push(account));
  });
  expect(await call(page, 'readConnectedAccount')).toEqual({
    value: TEST_WALLETS.first.address.toLowerCase(),
  });
  await switchAccount(page, TEST_WALLETS.second.privateKey);
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as ProbeWindow).probeAccounts))
    .toEqual([TEST_WALLETS.second.address.toLowerCase()]);
  expect(await call(page, 'readConnectedAccount')).toEqual({
    value: TEST_WALLETS.second.address.toLowerCase(),
  });
  expect(probe.scripts).toEqual(atStart);
  expectClean(probe);
});

test('without a wallet, connect fails with connection_timed_out after about 3 s', async ({ page }) => {
  const probe = await openProbe(page, null);
  const started = Date.now();
  expect(await call(page, 'connectWallet')).toEqual({ error: 'connection_timed_out' });
  const elapsed = Date.now() - started;
  expect(elapsed).toBeGreaterThanOrEqual(2900);
  expect(elapsed).toBeLessThan(4500);
  expect(await call(page, 'readConnectedAccount')).toEqual({ value: null });
  expect(onboardLoaded(probe)).toBe(false);
  expectClean(probe);
});

test('refusals: account access is wallet_account_unavailable, a signature is wallet_signature_failed', async ({
  page,
}) => {
  const probe = await openProbe(page, {
    privateKey: TEST_WALLETS.second.privateKey,
    announce: 'window',
    chainId: 56,
    reject: { accounts: true },
  });
  expect(await call(page, 'connectWallet')).toEqual({ error: 'wallet_account_unavailable' });
  setWalletRejections(page, { accounts: false, signature: true });
  // window.ethereum only, isMetaMask: web3-onboard's injected module calls it MetaMask.
  expect(await call(page, 'connectWallet')).toEqual({
    value: { address: TEST_WALLETS.second.address, chainId: 56, label: 'MetaMask' },
  });
  expect(await call(page, 'signMessage', TEST_WALLETS.second.address, 'DAPP')).toEqual({
    error: 'wallet_signature_failed',
  });
  await page.waitForTimeout(1700);
  // Refusals are logged as warnings, never as console errors.
  expectClean(probe);
});

test('a wallet injected late (EIP-6963 only, Trust Wallet) is waited for', async ({ page }) => {
  const probe = await openProbe(page, {
    privateKey: TEST_WALLETS.first.privateKey,
    announce: 'eip6963',
    flavor: 'trust',
    delayMs: 1200,
  });
  const started = Date.now();
  expect(await call(page, 'connectWallet')).toEqual({
    value: { address: TEST_WALLETS.first.address, chainId: 1, label: 'Trust Wallet' },
  });
  expect(Date.now() - started).toBeLessThan(2900);
  await page.waitForTimeout(1700);
  expectClean(probe);
});
