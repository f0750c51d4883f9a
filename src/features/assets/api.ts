import type { AssetsResponse, FinanceRecord } from '../../../protocol/assets.ts';
import type { Page } from '../../../protocol/envelope.ts';
import type { RecordType } from '../../../protocol/ledger.ts';
import { fetchData } from '../../lib/api.ts';

export const getAssets = () => fetchData<AssetsResponse>('10010');

export const getFinanceRecords = (filter: { page: number; type?: RecordType | ''; coin?: string }) =>
  fetchData<Page<FinanceRecord>>('10011', {
    page: filter.page,
    size: 20,
    type: filter.type || undefined,
    coin: filter.coin || undefined,
  });

export const claimFaucet = () =>
  fetchData<{ coin: string; amount: string }>('10012', { requestId: crypto.randomUUID() });
