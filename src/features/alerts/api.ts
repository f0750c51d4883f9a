import type { AlertDirection } from '../../../protocol/alerts.ts';
import { fetchData } from '../../lib/api.ts';

export const setAlert = (fields: {
  symbol: string;
  direction: AlertDirection;
  price: string;
  requestId: string;
}) => fetchData('10092', fields);

export const getAlerts = (symbol?: string) => fetchData('10093', { symbol });

export const deleteAlert = (id: number) => fetchData('10094', { id, requestId: crypto.randomUUID() });
