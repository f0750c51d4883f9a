import { readFile } from 'node:fs/promises';
import { hashMessage, hexToString, recoverMessageAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  addAnnouncement,
  chooseWalletLabel,
  findTrustedProvider,
  isEip1193Provider,
  parseAnnouncement,
  selectProvider,
} from './provider-choice.ts';
import { isUserRejection, providerErrorCode } from './provider-errors.ts';
import { firstAccount, isSignature, parseChainId, utf8ToHex } from './provider-values.ts';
import { detectDevice, WalletError, walletErrorMessageKey } from './wallet.ts';
import type { AnnouncedProvider, Eip1193Provider } from './wallet-types.ts';

function provider(flags: Partial<Record<'isMetaMask' | 'isTrust', boolean>> = {}): Eip1193Provider {
  return { request: async () => null, ...flags };
}

function announcement(name: string, rdns: string, p = provider()): AnnouncedProvider {
  return { info: { uuid: `uuid-${name}`, name, icon: 'data:image/svg+xml,<svg/>', rdns }, provider: p };
}

describe('detectDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
      'android',
    ],
    ['Mozilla/5.0 (Linux; U; Android 12; zh-CN; V2145A) AppleWebKit/537.36 Trust/1.0', 'android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'ios'],
    ['Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'ios'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36', 'other'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15',
      'other',
    ],
    ['', 'other'],
  ])('%s -> %s', (ua, device) => {
    expect(detectDevice(ua)).toBe(device);
  });
});

describe('provider discovery', () => {
  it('recognises EIP-1193 providers by their request function', () => {
    expect(isEip1193Provider(provider())).toBe(true);
    expect(isEip1193Provider({ request: 'no' })).toBe(false);
    expect(isEip1193Provider(null)).toBe(false);
    expect(isEip1193Provider(undefined)).toBe(false);
  });

  it('accepts well-formed EIP-6963 announcements only', () => {
    const p = provider();
    const info = { uuid: 'u1', name: 'MetaMask', icon: 'data:image/svg+xml,<svg/>', rdns: 'io.metamask' };
    expect(parseAnnouncement({ info, provider: p })).toEqual({ info, provider: p });
    expect(parseAnnouncement({ info, provider: {} })).toBeNull();
    expect(parseAnnouncement({ info: { ...info, uuid: '' }, provider: p })).toBeNull();
    expect(parseAnnouncement({ info: { ...info, name: ' ' }, provider: p })).toBeNull();
    expect(parseAnnouncement({ info: { ...info, rdns: 1 }, provider: p })).toBeNull();
    expect(parseAnnouncement({ provider: p })).toBeNull();
    expect(parseAnnouncement(null)).toBeNull();
    expect(parseAnnouncement({ info: { uuid: 'u', name: 'n', rdns: 'r' }, provider: p })?.info.icon).toBe('');
  });

  it('keeps one entry per wallet when it announces again', () => {
    const p = provider();
    const first = announcement('A', 'a.example', p);
    let list = addAnnouncement([], first);
    list = addAnnouncement(list, { ...first, info: { ...first.info, name: 'A2' } });
    list = addAnnouncement(list, {
      info: { ...announcement('B', 'b.example').info, uuid: 'other' },
      provider: p,
    });
    expect(list).toHaveLength(1);
    list = addAnnouncement(list, announcement('C', 'c.example'));
    expect(list.map((a) => a.info.name)).toEqual(['B', 'C']);
  });

  it('finds Trust Wallet: window.ethereum.isTrust before window.trustwallet before its announcement', () => {
    const injectedTrust = provider({ isTrust: true });
    const trustwallet = provider({ isTrust: true });
    const announcedTrust = announcement('Trust Wallet', 'com.trustwallet.app');
    expect(findTrustedProvider({ ethereum: injectedTrust, trustwallet }, [announcedTrust])).toBe(
      injectedTrust,
    );
    expect(findTrustedProvider({ ethereum: provider(), trustwallet }, [announcedTrust])).toBe(trustwallet);
    expect(findTrustedProvider({ ethereum: provider() }, [announcedTrust])).toBe(announcedTrust.provider);
    expect(findTrustedProvider({ ethereum: provider({ isMetaMask: true }) }, [])).toBeNull();
    expect(findTrustedProvider({ trustwallet: {} }, [])).toBeNull();
  });

  it('selects the trusted wallet, else window.ethereum, else the first announced wallet', () => {
    const metamask = provider({ isMetaMask: true });
    const trust = provider({ isTrust: true });
    const rabby = announcement('Rabby Wallet', 'io.rabby');
    const mmAnnounced = announcement('MetaMask', 'io.metamask', metamask);

    expect(selectProvider({}, [])).toBeNull();
    expect(selectProvider({ ethereum: {} }, [])).toBeNull();
    expect(selectProvider({ ethereum: metamask, trustwallet: trust }, [mmAnnounced])).toEqual({
      provider: trust,
      source: 'trust',
      announcedName: null,
    });
    expect(selectProvider({ ethereum: metamask }, [rabby, mmAnnounced])).toEqual({
      provider: metamask,
      source: 'ethereum',
      announcedName: 'MetaMask',
    });
    expect(selectProvider({ ethereum: metamask }, [])).toEqual({
      provider: metamask,
      source: 'ethereum',
      announcedName: null,
    });
    expect(selectProvider({}, [rabby, mmAnnounced])).toEqual({
      provider: rabby.provider,
      source: 'eip6963',
      announcedName: 'Rabby Wallet',
    });
  });
});

describe('chooseWalletLabel (web3-onboard autoSelect)', () => {
  const metamask = provider({ isMetaMask: true });

  it('takes the only wallet web3-onboard found, and none when it found none', () => {
    const choice = { provider: metamask, source: 'ethereum', announcedName: null } as const;
    expect(chooseWalletLabel(['Detected Wallet'], choice, [])).toBe('Detected Wallet');
    expect(chooseWalletLabel([], choice, [])).toBeNull();
  });

  it('prefers the name the chosen provider announced by EIP-6963', () => {
    const test = announcement('Meridian Test Wallet', 'dev.meridian.testwallet', metamask);
    const choice = selectProvider({ ethereum: metamask }, [test]);
    expect(choice).not.toBeNull();
    if (!choice) return;
    expect(chooseWalletLabel(['MetaMask', 'Meridian Test Wallet'], choice, [test])).toBe(
      'Meridian Test Wallet',
    );
  });

  it('picks Trust Wallet for the trusted provider', () => {
    const trust = provider({ isTrust: true });
    const choice = selectProvider({ ethereum: metamask, trustwallet: trust }, []);
    if (!choice) throw new Error('no choice');
    expect(chooseWalletLabel(['MetaMask', 'Trust Wallet'], choice, [])).toBe('Trust Wallet');
  });

  it("for a bare window.ethereum, picks the injected module's label, MetaMask when it says so", () => {
    const rabby = announcement('Rabby Wallet', 'io.rabby');
    const choice = selectProvider({ ethereum: metamask }, [rabby]);
    if (!choice) throw new Error('no choice');
    expect(chooseWalletLabel(['Coinbase Wallet', 'MetaMask', 'Rabby Wallet'], choice, [rabby])).toBe(
      'MetaMask',
    );
    const generic = selectProvider({ ethereum: provider() }, [rabby]);
    if (!generic) throw new Error('no choice');
    expect(chooseWalletLabel(['Brave Wallet', 'Rabby Wallet'], generic, [rabby])).toBe('Brave Wallet');
    expect(
      chooseWalletLabel(['Rabby Wallet', 'Zerion'], generic, [rabby, announcement('Zerion', 'io.zerion')]),
    ).toBe('Rabby Wallet');
  });
});

describe('wallet answers', () => {
  it('reads the first account of eth_accounts / accountsChanged', () => {
    const address = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
    expect(firstAccount([address, '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'])).toBe(address);
    expect(firstAccount([])).toBeNull();
    expect(firstAccount(['0x1234'])).toBeNull();
    expect(firstAccount('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBeNull();
    expect(firstAccount(null)).toBeNull();
  });

  it('parses chain ids in the forms wallets use', () => {
    expect(parseChainId('0x1')).toBe(1);
    expect(parseChainId('0x38')).toBe(56);
    expect(parseChainId('56')).toBe(56);
    expect(parseChainId(137)).toBe(137);
    expect(parseChainId('0x0')).toBeNull();
    expect(parseChainId('bsc')).toBeNull();
    expect(parseChainId(null)).toBeNull();
    expect(parseChainId(-1)).toBeNull();
  });

  it('encodes the message as UTF-8 hex, which a real key signs and viem recovers', async () => {
    const message = 'example.com wants you to sign in with your Ethereum account:\nDAPP — ünïcode ✓';
    const hex = utf8ToHex(message);
    expect(hex).toMatch(/^0x([0-9a-f]{2})+$/);
    expect(hexToString(hex)).toBe(message);
    expect(utf8ToHex('')).toBe('0x');
    const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
    const signature = await account.signMessage({ message: { raw: hex } });
    expect(hashMessage({ raw: hex })).toBe(hashMessage(message));
    expect(await recoverMessageAddress({ message, signature })).toBe(account.address);
    expect(isSignature(signature)).toBe(true);
    expect(isSignature('0x1234')).toBe(false);
    expect(isSignature(null)).toBe(false);
  });
});

describe('WalletError', () => {
  it('carries its kind, its i18n key and the cause', () => {
    const cause = { code: 4001, message: 'User rejected the request.' };
    const error = new WalletError('wallet_account_unavailable', { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.kind).toBe('wallet_account_unavailable');
    expect(error.name).toBe('WalletError');
    expect(error.cause).toBe(cause);
    expect(walletErrorMessageKey(error)).toBe('messages.wallet_account_unavailable');
  });

  it('recognises a refusal in the shapes wallets throw', () => {
    expect(isUserRejection({ code: 4001 })).toBe(true);
    expect(isUserRejection({ code: -32002 })).toBe(true);
    expect(isUserRejection({ code: -32603, data: { originalError: { code: 4001 } } })).toBe(true);
    expect(isUserRejection({ code: -32603 })).toBe(false);
    expect(isUserRejection(new Error('boom'))).toBe(false);
    expect(providerErrorCode('nope')).toBeNull();
  });
});

describe('bundle boundary', () => {
  it('wallet.ts reaches web3-onboard only through the lazy import of ./onboard.ts', async () => {
    const source = await readFile(new URL('./wallet.ts', import.meta.url), 'utf8');
    expect(source).toContain("import('./onboard.ts')");
    // The files the wallet module is built from travel in its chunk: none may import them statically.
    for (const file of [
      './wallet.ts',
      './wallet-types.ts',
      './provider-choice.ts',
      './provider-discovery.ts',
      './provider-values.ts',
      './account-provider.ts',
      './address-checksum.ts',
    ]) {
      const part = await readFile(new URL(file, import.meta.url), 'utf8');
      expect(part, file).not.toMatch(/from\s+['"]@web3-onboard/);
      expect(part, file).not.toMatch(/import\s+['"]@web3-onboard/);
      expect(part, file).not.toMatch(/^import[^;]*['"]\.\/onboard\.ts['"]/m);
      expect(part, file).not.toMatch(/^import[^;]*from\s+['"]viem/m);
    }
  });
});
