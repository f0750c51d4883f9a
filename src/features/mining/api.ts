import type { Page } from '../../../protocol/envelope.ts';
import type { MiningHolding, MiningIncome, MiningMachine } from '../../../protocol/mining.ts';
import { fetchData } from '../../lib/api.ts';

export const getMall = (page: number) => fetchData<Page<MiningMachine>>('10050', { page, size: 50 });
export const getMachine = (id: string) => fetchData<MiningMachine>('10051', { id });
export const rentMachine = (fields: { productId: number; quantity: number; requestId: string }) =>
  fetchData<MiningHolding>('10052', fields);
export const getMyMachines = (page: number) => fetchData<Page<MiningHolding>>('10053', { page, size: 50 });
export const getIncome = (page: number, holdingId?: string) =>
  fetchData<Page<MiningIncome>>('10055', { page, size: 50, ...(holdingId ? { holdingId } : {}) });
export const getJointMachines = (page: number) => fetchData<Page<MiningMachine>>('10056', { page, size: 50 });
export const buyShares = (fields: { productId: number; shares: number; requestId: string }) =>
  fetchData<MiningHolding>('10058', fields);
