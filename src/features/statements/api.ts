import type { RecordType } from '../../../protocol/ledger.ts';
import { fetchData } from '../../lib/api.ts';

/** One page of the statement's lines: the movements of the available balance (10011). */
export const getStatementRecords = (filter: { page: number; type?: RecordType | ''; coin?: string }) =>
  fetchData('10011', {
    page: filter.page,
    size: 20,
    type: filter.type || undefined,
    coin: filter.coin || undefined,
  });
