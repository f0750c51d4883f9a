import type { Page } from '../../../protocol/envelope.ts';
import type { Withdrawal, WithdrawalDetails, WithdrawOption } from '../../../protocol/withdraw.ts';
import { fetchData } from '../../lib/api.ts';

export const getWithdrawOptions = () => fetchData<WithdrawOption[]>('10022');
export const submitWithdrawal = (fields: {
  coin: string;
  chain: string;
  address: string;
  amount: string;
  requestId: string;
}) => fetchData<Withdrawal>('10025', fields);
export const getWithdrawals = (page: number) => fetchData<Page<Withdrawal>>('10026', { page, size: 20 });
export const getWithdrawal = (id: number) => fetchData<WithdrawalDetails>('10027', { id });
