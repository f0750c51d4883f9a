import type { DepositAddress, DepositRecord } from '../../../protocol/deposit.ts';
import type { Page } from '../../../protocol/envelope.ts';
import { fetchData } from '../../lib/api.ts';

export const getDepositAddresses = () => fetchData<DepositAddress[]>('10020');
export const getDepositRecords = (page: number) =>
  fetchData<Page<DepositRecord>>('10021', { page, size: 20 });
