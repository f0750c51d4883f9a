/**
 * Signing in with the wallet (docs/spec/product.md section 4: connect, challenge, signature, login) and out.
 * Loaded on the first tap on "connect" (`signIn` in ./session.ts) and with the "my" screen, which
 * signs out; not with the first page.
 */
import { navigate } from 'wouter/use-browser-location';
import { clearSession, currentUser, setAddress, setToken, setUser } from '../../app/store.ts';
import { toast } from '../../components/toast.ts';
import { callApi, fetchData } from '../../lib/api.ts';
import { i18n } from '../../lib/i18n.ts';
import { homeKeepingCode } from '../../lib/paths.ts';
import { WalletError } from './wallet-errors.ts';
import { loadWallet } from './wallet-loader.ts';
import { noWallet, walletStep } from './wallet-step.ts';

async function reportWalletError(error: unknown): Promise<void> {
  if (error instanceof WalletError) {
    if (error.kind === 'connection_timed_out') {
      // No wallet here: the connect button offers the wallet apps' links instead of a dead end.
      const { detectDevice } = await loadWallet();
      noWallet.value = detectDevice(navigator.userAgent);
      return;
    }
    toast.error(i18n.t(`messages.${error.kind}`, { coin: 'ETH' }));
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
    const challenge = await fetchData('10001', {
      address: wallet.address,
      chainId: wallet.chainId,
    });
    const signature = await signMessage(wallet.address, challenge.message);
    const envelope = await callApi('10002', {
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
