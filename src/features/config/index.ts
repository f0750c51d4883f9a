/**
 * The configuration feature, as other features use it: the global configuration and whether its
 * first read is still on its way, the demo switch, and the platform overview home shows. The
 * first page imports this file (home's screen), so everything here travels with it.
 */
export { firstConfigLoading, globalConfig } from './config-model.ts';
export { demoMode } from './demo-mode.ts';
export { PlatformOverview } from './PlatformOverview.tsx';
