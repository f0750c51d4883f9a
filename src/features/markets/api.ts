/**
 * The market codes (protocol/markets.ts): 10068 list by category, 10069 candles, 10071 one
 * instrument. First loads go through `fetchData` (a failure is toasted and the screen offers a
 * retry); background refreshes use {@link quietData}, which never toasts: a poll that fails every
 * few seconds on a flaky network keeps the last prices on screen instead of stacking error toasts.
 */

import type { ApiCode } from '../../../protocol/codes.ts';
import type { AnswerOf, FieldsOf } from '../../../protocol/contract.ts';
import { codePath, isEnvelope, isSuccess } from '../../../protocol/envelope.ts';
import type { Interval, MarketListScope } from '../../../protocol/markets.ts';
import { answeredRead, encodeForm, type FormFields, fetchData, type Read } from '../../lib/api.ts';
import { noteAnswer } from '../../lib/network.ts';

export const getMarkets = (category: MarketListScope) => fetchData('10068', { category });
/** The same read, to start ahead of the screen (see `startRead`). */
export const marketsRead = (category: MarketListScope): Read => ({ code: '10068', fields: { category } });
/** Its answer when the page brought it (see `answerRead`). */
export const answeredMarkets = (category: MarketListScope) => answeredRead('10068', { category });

export const getInstrument = (symbol: string) => fetchData('10071', { symbol });

export interface CandlesQuery {
  symbol: string;
  interval: Interval;
  /** Candles ending at or before this time (Unix ms); default now. */
  end?: number;
  limit?: number;
}

export const getCandles = (q: CandlesQuery) => fetchData('10069', { ...q });

/** A read without toasts: rejects with a plain Error and leaves the screen as it is. */
export async function quietData<C extends ApiCode>(code: C, fields: FieldsOf<C>): Promise<AnswerOf<C>> {
  const response = await fetch(codePath(code), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    body: encodeForm(fields as FormFields),
  });
  noteAnswer(response.headers);
  const body: unknown = await response.json();
  if (!isEnvelope(body) || !isSuccess(body.respCode)) throw new Error(`${code} failed`);
  // A success of this code: its contract's answer.
  return body.data as AnswerOf<C>;
}

export const refreshMarkets = (category: MarketListScope) => quietData('10068', { category });
export const refreshInstrument = (symbol: string) => quietData('10071', { symbol });
export const refreshCandles = (q: CandlesQuery) => quietData('10069', { ...q });
