import type { GlobalConfig } from '../../../protocol/config.ts';
import { fetchData } from '../../lib/api.ts';

export function getConfig(): Promise<GlobalConfig> {
  return fetchData('00000');
}
