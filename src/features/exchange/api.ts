import type { FieldsOf } from '../../../protocol/contract.ts';
import { fetchData } from '../../lib/api.ts';

/** The pairs, and a fresh quote when a pair is named (what `amount` yields when one is given). */
export const getExchangeQuote = (pair?: string, amount?: string) => fetchData('10030', { pair, amount });

export const executeExchange = (fields: FieldsOf<'10031'>) => fetchData('10031', fields);

export const getExchangeRecords = (page: number) => fetchData('10034', { page, size: 20 });

/** Available balances per coin, for "available" and the max button. */
export const getBalances = async (): Promise<Record<string, string>> => {
  const { assets } = await fetchData('10010');
  return Object.fromEntries(assets.map((a) => [a.coin, a.available]));
};
