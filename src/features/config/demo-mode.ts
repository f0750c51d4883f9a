/**
 * Whether the server runs the demo (the faucet, demo labels). A signal of its own, so a screen
 * that reads only this is not rendered again when another setting, say the top yield, changes
 * (docs/performance.md, "thirteenth"). Only the assets screen reads it; it travels with the first
 * page all the same (a few bytes), through the feature's public file (./index.ts), which home imports.
 */
import { computed } from '@preact/signals-react';
import { globalConfig } from './config-model.ts';

export const demoMode = computed(() => globalConfig.value?.demo === true);
