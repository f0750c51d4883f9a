import type { AssetsResponse } from '../../../protocol/assets.ts';
import type { Page } from '../../../protocol/envelope.ts';
import type { Stake, StakingPlan } from '../../../protocol/staking.ts';
import { fetchData } from '../../lib/api.ts';

export const getPlans = () => fetchData<StakingPlan[]>('10035');
export const getAvailable = async (coin: string): Promise<string> =>
  (await fetchData<AssetsResponse>('10010')).assets.find((a) => a.coin === coin)?.available ?? '0';
export const stake = (fields: { planId: number; amount: string; requestId: string }) =>
  fetchData<Stake>('10036', fields);
export const getStakes = (page: number) => fetchData<Page<Stake>>('10037', { page, size: 50 });
export const redeemStake = (fields: { id: number; requestId: string }) => fetchData<Stake>('10041', fields);
