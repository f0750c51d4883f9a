import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import { CHALLENGE_TTL_MS } from '../../../protocol/account.ts';
import { buildLoginMessage, checkLoginMessage, newNonce, signatureMatches } from './siwe.ts';

const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const origin = { domain: '127.0.0.1:8080', uri: 'http://127.0.0.1:8080' };
const now = Date.UTC(2026, 10, 21, 12);

function issued(overrides: Partial<Parameters<typeof buildLoginMessage>[0]> = {}) {
  const nonce = newNonce();
  const input = { origin, address: account.address, chainId: 1, nonce, now, ...overrides };
  return {
    ...buildLoginMessage(input),
    expected: { origin, address: account.address, chainId: 1, nonce: input.nonce, now },
  };
}

describe('login messages', () => {
  test('nonces are 32 hex characters and never repeat', () => {
    const nonces = new Set(Array.from({ length: 1000 }, newNonce));
    expect(nonces.size).toBe(1000);
    for (const n of nonces) expect(n).toMatch(/^[0-9a-f]{32}$/);
  });

  test('the message says DAPP, binds domain, URI, chain, nonce and a five-minute expiry', () => {
    const { message, expiresAt } = issued();
    expect(message).toContain(
      `127.0.0.1:8080 wants you to sign in with your Ethereum account:\n${account.address}`,
    );
    expect(message).toContain('\n\nDAPP\n\n');
    expect(message).toContain('URI: http://127.0.0.1:8080');
    expect(message).toContain('Chain ID: 1');
    expect(expiresAt - now).toBe(CHALLENGE_TTL_MS);
  });

  test('accepts what it issued, within its lifetime', () => {
    const { message, expected } = issued();
    expect(checkLoginMessage(message, expected)).toBe('ok');
    expect(checkLoginMessage(message, { ...expected, now: now + CHALLENGE_TTL_MS - 1 })).toBe('ok');
  });

  test('refuses a message past its expiry', () => {
    const { message, expected } = issued();
    expect(checkLoginMessage(message, { ...expected, now: now + CHALLENGE_TTL_MS })).toBe('expired');
  });

  test('refuses another domain, URI, chain, nonce or address', () => {
    const { message, expected } = issued();
    expect(checkLoginMessage(message, { ...expected, origin: { ...origin, domain: 'evil.example' } })).toBe(
      'invalid',
    );
    expect(
      checkLoginMessage(message, { ...expected, origin: { ...origin, uri: 'https://evil.example' } }),
    ).toBe('invalid');
    expect(checkLoginMessage(message, { ...expected, chainId: 56 })).toBe('invalid');
    expect(checkLoginMessage(message, { ...expected, nonce: newNonce() })).toBe('invalid');
    expect(
      checkLoginMessage(message, { ...expected, address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }),
    ).toBe('invalid');
  });

  test('refuses a message issued in the future', () => {
    const { message, expected } = issued({ now: now + 60_000 });
    expect(checkLoginMessage(message, expected)).toBe('invalid');
  });

  test('a personal_sign signature verifies for its signer only, and not for altered text', async () => {
    const { message } = issued();
    const signature = await account.signMessage({ message });
    expect(await signatureMatches(account.address, message, signature)).toBe(true);
    expect(await signatureMatches('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', message, signature)).toBe(
      false,
    );
    expect(await signatureMatches(account.address, message.replace('DAPP', 'DAPQ'), signature)).toBe(false);
    expect(await signatureMatches(account.address, message, '0x1234')).toBe(false);
  });
});
