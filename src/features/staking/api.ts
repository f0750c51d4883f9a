import type { FieldsOf } from '../../../protocol/contract.ts';
import { fetchData } from '../../lib/api.ts';

export const getPlans = () => fetchData('10035');
export const getAvailable = async (coin: string): Promise<string> =>
  (await fetchData('10010')).assets.find((a) => a.coin === coin)?.available ?? '0';
export const stake = (fields: FieldsOf<'10036'>) => fetchData('10036', fields);
export const getStakes = (page: number) => fetchData('10037', { page, size: 50 });
export const redeemStake = (fields: FieldsOf<'10041'>) => fetchData('10041', fields);
