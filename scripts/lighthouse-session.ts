/**
 * A signed-in browser for the Lighthouse runs of wallet screens (/placeOrder, /assets).
 *
 * 1. A fresh wallet signs in through the app itself (connect, SIWE signature, session cookie,
 *    stored user) in a Chromium profile of its own, with the e2e test wallet
 *    (tests/e2e/fixtures/sign-in.ts does the same in the journeys); then that browser closes.
 * 2. Chromium starts again on that profile with a remote-debugging port for Lighthouse
 *    (`--settings.port`, `--settings.disableStorageReset` keeps the session) and a wallet
 *    extension: a content script that gives every page a provider answering the signed-in
 *    account, as a wallet extension does in a real user's browser. Without a wallet the session
 *    guard would end the session half a second after the start (src/app/guard.ts) and Lighthouse
 *    would audit the home page it goes to. It signs nothing; the audited pages never ask it to.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { waitForStoredSession } from '../tests/e2e/fixtures/stored-map.ts';
import { installTestWallet } from '../tests/e2e/fixtures/test-wallet.ts';
import { freePort } from '../tests/helpers/free-port.ts';

export interface SignedInBrowser {
  /** The remote-debugging port Lighthouse connects to. */
  port: number;
  close(): void;
}

async function waitForDebugger(port: number, chrome: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    if (chrome.exitCode !== null) throw new Error(`Chromium exited (${chrome.exitCode}) before it listened`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Chromium did not open its debugging port ${port}`);
}

/** The page script of the wallet extension: an EIP-1193 provider that knows one account. */
function providerScript(address: string): string {
  return `(() => {
  const account = ${JSON.stringify(address.toLowerCase())};
  const listeners = new Map();
  const provider = {
    isMetaMask: true,
    request: async ({ method }) => {
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return [account];
        case 'eth_chainId':
          return '0x1';
        case 'net_version':
          return '1';
        case 'wallet_getPermissions':
          return [{ parentCapability: 'eth_accounts' }];
        default:
          throw Object.assign(new Error('not supported by the audit wallet'), { code: 4200 });
      }
    },
    on: (event, callback) => { listeners.set(callback, event); return provider; },
    removeListener: (_event, callback) => { listeners.delete(callback); return provider; },
  };
  window.ethereum = provider;
  const info = Object.freeze({
    uuid: '0e1f7c52-8a52-4d39-9f34-7c6a1b7e2a10',
    name: 'Meridian Audit Wallet',
    icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E',
    rdns: 'dev.meridian.auditwallet',
  });
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
})();
`;
}

function writeWalletExtension(dir: string, address: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'manifest.json'),
    JSON.stringify({
      manifest_version: 3,
      name: 'Meridian audit wallet',
      version: '1.0',
      content_scripts: [
        {
          matches: ['http://127.0.0.1/*', 'http://localhost/*'],
          js: ['provider.js'],
          run_at: 'document_start',
          world: 'MAIN',
        },
      ],
    }),
  );
  writeFileSync(path.join(dir, 'provider.js'), providerScript(address));
}

/** Signs a fresh wallet in on `origin` in a new profile, then starts Chromium on it for Lighthouse. */
export async function startSignedInBrowser(
  chromePath: string,
  flags: string[],
  origin: string,
): Promise<SignedInBrowser> {
  const root = mkdtempSync(path.join(tmpdir(), 'meridian-lighthouse-'));
  const profile = path.join(root, 'profile');
  const extension = path.join(root, 'wallet');
  const privateKey = generatePrivateKey();
  let chrome: ChildProcess | undefined;
  const close = () => {
    chrome?.kill('SIGTERM');
    rmSync(root, { recursive: true, force: true });
  };
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromePath,
      args: flags.filter((flag) => !flag.startsWith('--headless')),
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await installTestWallet(page, { privateKey });
      await page.goto(`${origin}/home`);
      await page.locator('.connect-button').click();
      await page.locator('.hero .address-chip').waitFor({ timeout: 30_000 });
      await waitForStoredSession(page);
    } finally {
      await context.close();
    }
    writeWalletExtension(extension, privateKeyToAccount(privateKey).address);
    const port = await freePort();
    chrome = spawn(
      chromePath,
      [
        ...flags,
        `--remote-debugging-port=${port}`,
        `--user-data-dir=${profile}`,
        `--load-extension=${extension}`,
        `--disable-extensions-except=${extension}`,
        'about:blank',
      ],
      { stdio: 'ignore' },
    );
    await waitForDebugger(port, chrome);
    return { port, close };
  } catch (error) {
    close();
    throw error;
  }
}
