/**
 * The wallet session guard of docs/spec/product.md section 4, run on every navigation:
 * - a stored user: after 500 ms read the wallet's current account (trusted provider first) and,
 *   if it differs from the stored username (case-insensitive), clear the session and go home,
 *   keeping the `code` query parameter; a failed read is logged and toasted;
 * - no stored user on a wallet route: toast "Please connect the wallet first" and go home,
 *   keeping `code`.
 * The wallet's own accountsChanged event ends the session at once (docs/spec/design.md section 8). The
 * protected page is not rendered while the redirect is pending.
 */
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { currentUser } from '../app/store.ts';
import { toast } from '../components/toast.ts';
import { endSessionForSwitchedAccount } from '../features/account/session.ts';
import { WalletError, walletErrorMessageKey } from '../features/account/wallet-errors.ts';
import { loadWallet } from '../features/account/wallet-loader.ts';
import { i18n } from '../lib/i18n.ts';
import { homeKeepingCode, matchRoute } from '../lib/paths.ts';

export const GUARD_DELAY_MS = 500;

export function sameAccount(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.toLowerCase() === b.toLowerCase();
}

/** True when the current route may render now; false while a redirect is on its way. */
export function useSessionGuard(): boolean {
  const [location] = useLocation();
  const search = useSearch();
  const route = matchRoute(location);
  const blocked = !!route?.wallet && !currentUser();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the check re-runs on every navigation (location, search)
  useEffect(() => {
    if (blocked) {
      toast.error(i18n.t('messages.connect_wallet_first'));
      navigate(homeKeepingCode(search), { replace: true });
      return;
    }
    const user = currentUser();
    if (!user) return;
    const timer = setTimeout(() => {
      loadWallet()
        .then(({ readConnectedAccount }) => readConnectedAccount())
        .then(
          (account) => {
            if (currentUser() && !sameAccount(account, currentUser()?.username))
              endSessionForSwitchedAccount();
          },
          (error: unknown) => {
            console.error('wallet account check failed', error);
            toast.error(
              error instanceof WalletError
                ? i18n.t(walletErrorMessageKey(error), { coin: 'ETH' })
                : String(error),
            );
          },
        );
    }, GUARD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [location, search, blocked]);

  // The wallet's own account events matter only to a session (App re-renders when it starts or
  // ends, its signals are read above), so the wallet module loads with one, not with the first page.
  const signedIn = !!currentUser();
  useEffect(() => {
    if (!signedIn) return;
    let stop: (() => void) | null = null;
    let unmounted = false;
    void loadWallet().then(({ onAccountsChanged }) => {
      if (unmounted) return;
      stop = onAccountsChanged((account) => {
        if (currentUser() && !sameAccount(account, currentUser()?.username)) endSessionForSwitchedAccount();
      });
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [signedIn]);

  return !blocked;
}
