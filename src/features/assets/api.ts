import type { RecordType } from '../../../protocol/ledger.ts';
import { fetchData } from '../../lib/api.ts';

export const getAssets = () => fetchData('10010');

export const getFinanceRecords = (filter: { page: number; type?: RecordType | ''; coin?: string }) =>
  fetchData('10011', {
    page: filter.page,
    size: 20,
    type: filter.type || undefined,
    coin: filter.coin || undefined,
  });

export const claimFaucet = () => fetchData('10012', { requestId: crypto.randomUUID() });
