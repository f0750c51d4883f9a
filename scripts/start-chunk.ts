/**
 * Which modules travel in the `start` chunk (vite.config.ts): the libraries and shared modules
 * every first page needs, as one file, because on a phone network each extra request of a few
 * hundred bytes still costs a round trip. What a screen loads on demand (DESIGN.md section 10:
 * web3-onboard, uPlot, the QR code) must never be pulled in by it, even when it lives in a folder
 * the group takes (the QR code component is in `src/components/`).
 */
const SHARED =
  /\/node_modules\/(react|react-dom|react-i18next|scheduler|i18next|wouter|@preact|localforage|dayjs|decimal\.js|valibot|use-sync-external-store)\/|\/src\/(lib|components)\/|\/protocol\//;

const ON_DEMAND = /\/src\/components\/QrCode\.tsx$|\/node_modules\/(uqr|uplot|@web3-onboard|viem)\//;

export function isStartModule(id: string): boolean {
  return SHARED.test(id) && !ON_DEMAND.test(id);
}
