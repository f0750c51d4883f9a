/**
 * The one way the app loads the wallet module (./wallet.ts). Its own file because both the first
 * page (./session.ts, the route guard) and the lazily loaded sign-in (./sign-in.ts) need it: kept
 * in either of them, the other would import it back and the two would form a circle.
 */

/**
 * The wallet module (provider discovery, connecting, signing, ~2 kB gzipped) is only needed once
 * the user taps "connect", signs out, or has a session the guard checks: loaded then, not with the
 * first page (issue #19's budget). The service worker precaches it, so offline it is still there.
 */
export const loadWallet = () => import('./wallet.ts');
