import type { AlertDirection, AlertList, PriceAlert } from '../../../protocol/alerts.ts';
import { fetchData } from '../../lib/api.ts';

export const setAlert = (fields: {
  symbol: string;
  direction: AlertDirection;
  price: string;
  requestId: string;
}) => fetchData<PriceAlert>('10092', fields);

export const getAlerts = (symbol?: string) => fetchData<AlertList>('10093', { symbol });

export const deleteAlert = (id: number) =>
  fetchData<{ deleted: number }>('10094', { id, requestId: crypto.randomUUID() });
