import type { FieldsOf } from '../../../protocol/contract.ts';
import { fetchData } from '../../lib/api.ts';

export const setAlert = (fields: FieldsOf<'10092'>) => fetchData('10092', fields);

export const getAlerts = (symbol?: string) => fetchData('10093', { symbol });

export const deleteAlert = (id: number) => fetchData('10094', { id, requestId: crypto.randomUUID() });
