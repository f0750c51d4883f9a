/**
 * The EIP-55 (mixed-case checksum) form of an address, as the server expects it at sign-in.
 * viem does the hashing, and it is far larger than this: it is imported on the first call only,
 * never with the first page or the wallet module (./wallet.ts), so a page that only reads the
 * account never downloads it.
 */

let checksumLoader: Promise<(address: string) => string> | null = null;

/** EIP-55 form of an address (viem, loaded on first use). */
export async function checksum(address: string): Promise<string> {
  checksumLoader ??= import('viem').then(
    ({ getAddress }) =>
      (value: string) =>
        getAddress(value),
  );
  const getAddress = await checksumLoader.catch((error: unknown) => {
    // A failed chunk load (offline) must not stick: the next connect tries again.
    checksumLoader = null;
    throw error;
  });
  return getAddress(address);
}
