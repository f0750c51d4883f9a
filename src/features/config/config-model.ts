/**
 * The global configuration as the screens read it: rendered at once from the stored copy, then
 * refreshed from 00000 in the background (docs/spec/product.md section 4, start-up).
 */
import { computed, signal } from '@preact/signals-react';
import type { GlobalConfig } from '../../../protocol/config.ts';
import { map, setGlobalConfig } from '../../app/store.ts';
import { getConfig } from './get-config.ts';

export type ConfigStatus = 'loading' | 'ready' | 'failed';

export const configStatus = signal<ConfigStatus>('loading');
export const configError = signal('');

/** The configuration, or null before the first successful load on this device. */
export const globalConfig = computed<GlobalConfig | null>(() => {
  const value = map.globalConfig.value;
  return 'coins' in value ? (value as GlobalConfig) : null;
});

/**
 * True until this device has its first configuration (no stored copy, first 00000 on its way):
 * cards that depend on it hold their place meanwhile, so nothing below them jumps.
 */
export const firstConfigLoading = computed(() => !globalConfig.value && configStatus.value === 'loading');

export async function refreshConfig(): Promise<void> {
  if (!globalConfig.value) configStatus.value = 'loading';
  try {
    setGlobalConfig(await getConfig());
    configStatus.value = 'ready';
  } catch (error) {
    configError.value = (error as Error).message;
    // A stored copy keeps the screens useful; only a first start with no copy shows the failure.
    configStatus.value = globalConfig.value ? 'ready' : 'failed';
  }
}
