import { describe, expect, test } from 'vitest';
import { metaMaskLink, trustWalletLink } from './wallet-links.ts';

describe('links into a wallet app', () => {
  const page = 'https://meridian.example/assets?code=AB12CD34';

  test("MetaMask's dapp link: the page without its scheme, path and query kept as they are", () => {
    expect(metaMaskLink(page)).toBe('https://link.metamask.io/dapp/meridian.example/assets?code=AB12CD34');
    expect(metaMaskLink('http://127.0.0.1:8080/home')).toBe(
      'https://link.metamask.io/dapp/127.0.0.1:8080/home',
    );
  });

  test("Trust Wallet's open_url link: Ethereum's coin id and the whole page encoded", () => {
    expect(trustWalletLink(page)).toBe(
      'https://link.trustwallet.com/open_url?coin_id=60&url=https%3A%2F%2Fmeridian.example%2Fassets%3Fcode%3DAB12CD34',
    );
  });
});
