/**
 * The wallet failures the user can see (docs/spec/product.md section 8). The caller translates them with the
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
