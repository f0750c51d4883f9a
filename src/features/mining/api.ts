import type { FieldsOf } from '../../../protocol/contract.ts';
import { fetchData } from '../../lib/api.ts';

export const getMall = (page: number) => fetchData('10050', { page, size: 50 });
export const getMachine = (id: string) => fetchData('10051', { id });
export const rentMachine = (fields: FieldsOf<'10052'>) => fetchData('10052', fields);
export const getMyMachines = (page: number) => fetchData('10053', { page, size: 50 });
export const getIncome = (page: number, holdingId?: string) =>
  fetchData('10055', { page, size: 50, ...(holdingId ? { holdingId } : {}) });
export const getJointMachines = (page: number) => fetchData('10056', { page, size: 50 });
export const buyShares = (fields: FieldsOf<'10058'>) => fetchData('10058', fields);
