/**
 * The wallet failures the user can see (SPEC.md section 8). The caller translates them with the
 * i18n key `messages.<kind>`; the original wallet error, when there is one, is kept as `cause`.
 */
export type WalletErrorKind =
  | 'connection_timed_out'
  | 'wallet_signature_failed'
  | 'wallet_account_unavailable'
  | 'wallet_account_switched';

export class WalletError extends Error {
  readonly kind: WalletErrorKind;

  constructor(kind: WalletErrorKind, options?: { cause?: unknown }) {
    super(kind, options);
    this.name = 'WalletError';
    this.kind = kind;
  }
}

/** The i18n key of a wallet failure's message (`messages.connection_timed_out` and so on). */
export function walletErrorMessageKey(error: WalletError): `messages.${WalletErrorKind}` {
  return `messages.${error.kind}`;
}

/** EIP-1193 `4001`: the user rejected the request in the wallet. */
export const USER_REJECTED_REQUEST = 4001;
/** `-32002`: a request of this kind is already waiting for the user in the wallet. */
export const REQUEST_ALREADY_PENDING = -32002;

const INTERNAL_ERROR = -32603;

/** The numeric EIP-1193 / JSON-RPC code of an error thrown by a provider, if it has one. */
export function providerErrorCode(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, data } = error as { code?: unknown; data?: unknown };
  if (typeof code === 'number' && code !== INTERNAL_ERROR) return code;
  // Some wallets wrap the real error in an internal one (`{ code: -32603, data: { originalError } }`).
  if (typeof data === 'object' && data !== null) {
    const nested = (data as { originalError?: unknown }).originalError ?? data;
    const nestedCode = (nested as { code?: unknown }).code;
    if (typeof nestedCode === 'number') return nestedCode;
  }
  return typeof code === 'number' ? code : null;
}

/** Whether a provider error means the user said no (or a prompt of the same kind is still open). */
export function isUserRejection(error: unknown): boolean {
  const code = providerErrorCode(error);
  return code === USER_REJECTED_REQUEST || code === REQUEST_ALREADY_PENDING;
}
