/**
 * The session as the first page knows it: the "connect" button's sign-in (./sign-in.ts, loaded on
 * the tap: connect the wallet, ask the server for a login message (10001), have the wallet sign it,
 * send it back (10002); the server sets the session cookie and the store keeps the user), and the
 * end of a session whose wallet switched accounts. The step in flight (./wallet-step.ts) and the
 * wallet module's loader (./wallet-loader.ts) are files of their own, which the sign-in imports
 * too: it never imports this file, which loads it.
 */
import { navigate } from 'wouter/use-browser-location';
import { clearSession, map } from '../../app/store.ts';
import { toast } from '../../components/toast.ts';
import { i18n, withCompleteLanguage } from '../../lib/i18n.ts';
import { homeKeepingCode } from '../../lib/paths.ts';
import { loadWallet } from './wallet-loader.ts';

/**
 * Signing in and out (src/features/account/sign-in.ts) load on the tap, with the wallet module
 * beside them and the rest of the language for their messages: the first page only shows the
 * button (issue #19's budget).
 */
function loadSignIn() {
  return Promise.all([withCompleteLanguage(() => import('./sign-in.ts')), loadWallet()]).then(
    ([module]) => module,
  );
}

/** Connect and sign in (the "connect" button); false when it did not. */
export function signIn(inviteCode: string | null): Promise<boolean> {
  return loadSignIn().then((module) => module.signInWithWallet(inviteCode));
}

/** The wallet now reports another account (or none): the session is not this wallet's any more. */
export function endSessionForSwitchedAccount(): void {
  if (!map.user.value.length) return;
  clearSession();
  toast.error(i18n.t('messages.wallet_account_switched'));
  navigate(homeKeepingCode(window.location.search));
}
