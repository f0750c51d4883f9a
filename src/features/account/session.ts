/**
 * Signing in and out. Sign-in: connect the wallet, ask the server for a login message (10001),
 * have the wallet sign it, send it back (10002); the server sets the session cookie and the store
 * keeps the user. Sign-out clears the same fields the guard and a 500 answer clear.
 */
import { signal } from '@preact/signals-react';
import { navigate } from 'wouter/use-browser-location';
import type { ChallengeResponse, LoginResponse } from '../../../protocol/account.ts';
import { homeKeepingCode } from '../../app/paths.ts';
import { clearSession, currentUser, map, setAddress, setToken, setUser } from '../../app/store.ts';
import { toast } from '../../components/toast.ts';
import { callApi, fetchData } from '../../lib/api.ts';
import { i18n } from '../../lib/i18n.ts';
import { WalletError } from './wallet-errors.ts';

/**
 * The wallet module (provider discovery, connecting, signing, ~2 kB gzipped) is only needed once
 * the user taps "connect", signs out, or has a session the guard checks: loaded then, not with the
 * first page (issue #19's budget). The service worker precaches it, so offline it is still there.
 */
export const loadWallet = () => import('./wallet.ts');

/** The wallet operation in flight (SPEC.md section 4: connecting, logging in). */
export const walletStep = signal<'idle' | 'connecting' | 'logging_in'>('idle');

async function reportWalletError(error: unknown): Promise<void> {
  if (error instanceof WalletError) {
    toast.error(i18n.t(`messages.${error.kind}`, { coin: 'ETH' }));
    if (error.kind === 'connection_timed_out') {
      const { detectDevice } = await loadWallet();
      const device = detectDevice(navigator.userAgent);
      toast.info(
        i18n.t(
          device === 'android'
            ? 'wallet.noWalletAndroid'
            : device === 'ios'
              ? 'wallet.noWalletIos'
              : 'wallet.noWalletOther',
        ),
      );
    }
    return;
  }
  // Server errors were already shown by the API client; anything else is logged for support.
  if (!(error instanceof Error && error.name === 'ApiCallError')) console.warn('sign-in failed', error);
}

export async function signInWithWallet(inviteCode: string | null): Promise<boolean> {
  if (walletStep.value !== 'idle') return false;
  try {
    walletStep.value = 'connecting';
    const { connectWallet, signMessage } = await loadWallet();
    const wallet = await connectWallet();
    walletStep.value = 'logging_in';
    const challenge = await fetchData<ChallengeResponse>('10001', {
      address: wallet.address,
      chainId: wallet.chainId,
    });
    const signature = await signMessage(wallet.address, challenge.message);
    const envelope = await callApi<LoginResponse>('10002', {
      message: challenge.message,
      signature,
      inviteCode: inviteCode && /^[A-Z0-9]{6,12}$/.test(inviteCode) ? inviteCode : undefined,
      requestId: crypto.randomUUID(),
    });
    const login = envelope.data;
    if (!login) return false;
    setAddress(login.user.address);
    setToken(login.token);
    setUser([{ ...login.user, username: login.user.address }]);
    if (envelope.respCode === '00000') toast.success(i18n.t('wallet.signedIn'));
    return true;
  } catch (error) {
    await reportWalletError(error);
    return false;
  } finally {
    walletStep.value = 'idle';
  }
}

/** Ends the session on the server (when there is one), in the wallet module, and here. */
export async function signOut(): Promise<void> {
  if (currentUser()) {
    await callApi('10003', { requestId: crypto.randomUUID() }).catch(() => undefined);
  }
  await loadWallet()
    .then(({ disconnectWallet }) => disconnectWallet())
    .catch(() => undefined);
  clearSession();
  toast.success(i18n.t('wallet.signedOut'));
  navigate(homeKeepingCode(window.location.search));
}

/** The wallet now reports another account (or none): the session is not this wallet's any more. */
export function endSessionForSwitchedAccount(): void {
  if (!map.user.value.length) return;
  clearSession();
  toast.error(i18n.t('messages.wallet_account_switched'));
  navigate(homeKeepingCode(window.location.search));
}
