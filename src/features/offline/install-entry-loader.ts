/**
 * The install card (./InstallEntry.tsx), loaded on demand: only where the browser offers to
 * install, or on iOS. Most visits never show it, so the first page does not carry it.
 */
export const loadInstallEntry = () => import('./InstallEntry.tsx');
