import { fetchData } from '../../lib/api.ts';

export const getDepositAddresses = () => fetchData('10020');
export const getDepositRecords = (page: number) => fetchData('10021', { page, size: 20 });
