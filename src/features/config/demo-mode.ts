/**
 * Whether the server runs the demo (the faucet, demo labels). A signal of its own, so a screen
 * that reads only this is not rendered again when another setting, say the top yield, changes
 * (docs/performance.md, "thirteenth"). Not in config-model.ts: only the assets screen reads it,
 * and that module is in the first page.
 */
import { computed } from '@preact/signals-react';
import { globalConfig } from './config-model.ts';

export const demoMode = computed(() => globalConfig.value?.demo === true);
