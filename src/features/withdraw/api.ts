import { fetchData } from '../../lib/api.ts';

export const getWithdrawOptions = () => fetchData('10022');
export const submitWithdrawal = (fields: {
  coin: string;
  chain: string;
  address: string;
  amount: string;
  requestId: string;
}) => fetchData('10025', fields);
export const getWithdrawals = (page: number) => fetchData('10026', { page, size: 20 });
export const getWithdrawal = (id: number) => fetchData('10027', { id });
