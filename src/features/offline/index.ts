/**
 * The offline feature, as other features use it: whether the app runs installed or may be
 * installed (the install prompt, iOS), and the install card's loader. The first page imports this
 * file (home's screen): the card itself (./InstallEntry.tsx) loads on demand.
 */
export { installed, installPrompt, isIos } from './install.ts';
export { loadInstallEntry } from './install-entry-loader.ts';
