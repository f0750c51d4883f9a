import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../components/Sheet.tsx';
import { metaMaskLink, trustWalletLink, WALLET_DOWNLOADS } from './wallet-links.ts';
import type { WalletDevice } from './wallet-step.ts';

/**
 * What "connect" offers when no wallet answered within 3 s: on a phone, links that reopen this very
 * page inside MetaMask's or Trust Wallet's browser; on a computer, where to get a browser wallet.
 * Loaded only then (ConnectButton.tsx), never with the first page.
 */
export default function NoWalletSheet({ device, onClose }: { device: WalletDevice; onClose(): void }) {
  const { t } = useTranslation();
  const first = useRef<HTMLAnchorElement>(null);
  useEffect(() => first.current?.focus(), []);
  const phone = device !== 'other';
  const here = window.location.href;
  const links = phone
    ? [
        { href: metaMaskLink(here), label: t('wallet.openInMetaMask'), kind: 'metamask' },
        { href: trustWalletLink(here), label: t('wallet.openInTrustWallet'), kind: 'trust' },
      ]
    : [
        { href: WALLET_DOWNLOADS.metaMask, label: t('wallet.getMetaMask'), kind: 'metamask' },
        { href: WALLET_DOWNLOADS.trustWallet, label: t('wallet.getTrustWallet'), kind: 'trust' },
      ];
  return (
    <Sheet title={t('wallet.noWalletTitle')} className="no-wallet-sheet" onDismiss={onClose}>
      <p className="muted">{t(phone ? 'wallet.noWalletPhone' : 'wallet.noWalletDesktop')}</p>
      {links.map((link, i) => (
        <a
          key={link.kind}
          ref={i === 0 ? first : undefined}
          href={link.href}
          className={`button ${i === 0 ? 'button-primary' : 'button-secondary'} block`}
          data-wallet={link.kind}
          rel="noopener noreferrer"
          target={phone ? undefined : '_blank'}
        >
          {link.label}
        </a>
      ))}
      <div className="actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('wallet.notNow')}
        </button>
      </div>
    </Sheet>
  );
}
