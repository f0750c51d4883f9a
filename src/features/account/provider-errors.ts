/**
 * What a wallet provider's error codes mean (EIP-1193, JSON-RPC). Apart from ./wallet-errors.ts,
 * whose error class the first page's session guard needs: these are read only once a wallet is
 * asked for something (./wallet.ts), so they stay out of the first page.
 */

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
