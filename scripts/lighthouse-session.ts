/**
 * A signed-in browser for the Lighthouse runs of wallet screens (/placeOrder, /assets).
 *
 * 1. A fresh wallet signs in through the app itself (connect, SIWE signature, session cookie,
 *    stored user) in a Chromium profile of its own, with the e2e test wallet
 *    (tests/e2e/fixtures/sign-in.ts does the same in the journeys); then that browser closes.
 * 2. Chromium starts again on that profile with a remote-debugging port for Lighthouse
 *    (`--settings.port`, `--settings.disableStorageReset` keeps the session), and every tab
 *    Lighthouse opens gets a provider answering the signed-in account before the page's own
 *    scripts run, as a mobile wallet's in-app browser injects its provider at document start
 *    (`injectWalletIntoNewPages`). Until 2026-11-26 this was a browser extension with a content
 *    script; mobile Chrome has no extensions, and the extension's set-up lengthened the audited
 *    page's first task (docs/performance.md, "ninth"). Without a wallet the session guard would
 *    end the session half a second after the start (src/root/guard.ts) and Lighthouse would audit
 *    the home page it goes to (scripts/lighthouse-summary.ts fails such a run). It signs
 *    nothing; the audited pages never ask it to.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { waitForStoredSession } from '../tests/e2e/fixtures/stored-map.ts';
import { installTestWallet } from '../tests/e2e/fixtures/test-wallet.ts';
import { freePort } from '../tests/helpers/free-port.ts';
import { withTimeout } from '../tests/helpers/with-timeout.ts';

export interface SignedInBrowser {
  /** The remote-debugging port Lighthouse connects to. */
  port: number;
  /**
   * Loads `url` in a tab of its own before the audited runs, as the returning user the wallet
   * screens are audited as has done since the release (see `VISITS_BEFORE_RUNS`).
   */
  visit(url: string): Promise<void>;
  close(): void;
}

/**
 * How many times a wallet screen is loaded before its audited runs. The signed-in browser's
 * scripts come from the service worker's cache, and Chromium makes a script's code cache from
 * such a response on its first executions, on the main thread: 16-25 ms for the start chunk (a
 * code cache of 802 kB) in each of the first two loads after the service worker installed, none
 * from the third (traced, docs/performance.md, "tenth"). A returning user pays that once per
 * release; left in the runs, it fell on two of /placeOrder's five and made the median the worst
 * of the other three.
 */
export const VISITS_BEFORE_RUNS = 2;

/** After a visit's load: the first reads, the screen's chunks and the code cache's write. */
const VISIT_SETTLE_MS = 3_000;

/** How long a visit waits for its tab's wallet, and then for the page's load, before it fails. */
const VISIT_STEP_TIMEOUT_MS = 30_000;

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

/** The audit wallet: an EIP-1193 provider that knows one account and signs nothing. */
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

interface DevToolsMessage {
  id?: number;
  method?: string;
  sessionId?: string;
  error?: { message: string };
  result?: { targetId?: string };
  params?: { targetInfo?: { targetId: string; type: string }; sessionId?: string; targetId?: string };
}

interface AuditWallet {
  /** Opens `url` in a tab of its own, with the wallet, waits for its load and a settle time, closes it. */
  visit(url: string): Promise<void>;
  close(): void;
}

/**
 * Gives every page opened in the browser on `port` the audit wallet's provider before any of the
 * page's own scripts run: Lighthouse opens a new tab for each run, and this connection attaches
 * to it as it appears and adds the provider as a script to evaluate on every new document
 * (`Page.addScriptToEvaluateOnNewDocument`). A raw DevTools connection that does nothing else:
 * Playwright attached to the same browser held Lighthouse's first run forever.
 */
async function injectWalletIntoNewPages(port: number, source: string): Promise<AuditWallet> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('no DevTools connection to the audit browser')), {
      once: true,
    });
  });
  let lastId = 0;
  const replies = new Map<number, (message: DevToolsMessage) => void>();
  // Each tab's session once its provider script is in place (a visit waits for it before it
  // navigates), and a visit's wait for its load.
  const walletSessions = new Map<string, string>();
  const walletWaits = new Map<string, (sessionId: string) => void>();
  const loaded = new Map<string, () => void>();
  const whenWalletReady = (targetId: string) =>
    new Promise<string>((resolve) => {
      const ready = walletSessions.get(targetId);
      if (ready) resolve(ready);
      else walletWaits.set(targetId, resolve);
    });
  const send = (method: string, params: object, sessionId?: string): Promise<DevToolsMessage> => {
    const id = ++lastId;
    socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    return new Promise((resolve) => replies.set(id, resolve));
  };
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as DevToolsMessage;
    if (message.id !== undefined) {
      replies.get(message.id)?.(message);
      replies.delete(message.id);
      return;
    }
    const target = message.params?.targetInfo;
    if (message.method === 'Target.targetCreated' && target?.type === 'page') {
      void send('Target.attachToTarget', { targetId: target.targetId, flatten: true });
    } else if (message.method === 'Target.attachedToTarget' && message.params?.sessionId && target) {
      const sessionId = message.params.sessionId;
      // The script is kept only with the Page domain enabled on this connection.
      void send('Page.enable', {}, sessionId);
      void send('Page.addScriptToEvaluateOnNewDocument', { source }, sessionId).then(() => {
        walletSessions.set(target.targetId, sessionId);
        walletWaits.get(target.targetId)?.(sessionId);
      });
    } else if (message.method === 'Target.targetDestroyed' && message.params?.targetId) {
      walletSessions.delete(message.params.targetId);
    } else if (message.method === 'Page.loadEventFired' && message.sessionId) {
      loaded.get(message.sessionId)?.();
    }
  });
  await send('Target.setDiscoverTargets', { discover: true });
  return {
    async visit(url) {
      const created = await send('Target.createTarget', { url: 'about:blank' });
      const targetId = created.result?.targetId;
      if (!targetId) throw new Error(`the audit browser opened no tab: ${created.error?.message}`);
      const sessionId = await withTimeout(
        whenWalletReady(targetId),
        VISIT_STEP_TIMEOUT_MS,
        "the audit wallet in a visit's new tab",
      );
      const load = new Promise<void>((resolve) => loaded.set(sessionId, resolve));
      await send('Page.navigate', { url }, sessionId);
      await withTimeout(load, VISIT_STEP_TIMEOUT_MS, `the load of ${url} in a visit`);
      await new Promise((resolve) => setTimeout(resolve, VISIT_SETTLE_MS));
      await send('Target.closeTarget', { targetId });
      walletWaits.delete(targetId);
      loaded.delete(sessionId);
    },
    close: () => socket.close(),
  };
}

/** Signs a fresh wallet in on `origin` in a new profile, then starts Chromium on it for Lighthouse. */
export async function startSignedInBrowser(
  chromePath: string,
  flags: string[],
  origin: string,
): Promise<SignedInBrowser> {
  const root = mkdtempSync(path.join(tmpdir(), 'meridian-lighthouse-'));
  const profile = path.join(root, 'profile');
  const privateKey = generatePrivateKey();
  let chrome: ChildProcess | undefined;
  let wallet: AuditWallet | undefined;
  const close = () => {
    wallet?.close();
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
    const port = await freePort();
    chrome = spawn(
      chromePath,
      [...flags, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
      { stdio: 'ignore' },
    );
    await waitForDebugger(port, chrome);
    const injected = await injectWalletIntoNewPages(
      port,
      providerScript(privateKeyToAccount(privateKey).address),
    );
    wallet = injected;
    return { port, visit: injected.visit, close };
  } catch (error) {
    close();
    throw error;
  }
}
