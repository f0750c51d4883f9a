import { fetchData } from '../../lib/api.ts';

interface Asked {
  coin: string;
  chain: string;
  address: string;
  amount: string;
}

export const getWithdrawOptions = () => fetchData('10022');
/** The terms for the wallet to sign (protocol/withdraw-authorization.ts). */
export const getWithdrawalTerms = (fields: Asked & { requestId: string }) => fetchData('10023', fields);
export const submitWithdrawal = (fields: Asked & { requestId: string; nonce: string; signature: string }) =>
  fetchData('10025', fields);
export const getWithdrawals = (page: number) => fetchData('10026', { page, size: 20 });
export const getWithdrawal = (id: number) => fetchData('10027', { id });
