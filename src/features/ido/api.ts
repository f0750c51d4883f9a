import type { FieldsOf } from '../../../protocol/contract.ts';
import type { IdoPhase } from '../../../protocol/ido.ts';
import { fetchData } from '../../lib/api.ts';

export const getOfferings = (phase: IdoPhase, page = 1) => fetchData('10060', { phase, page, size: 50 });
export const getOffering = (id: number) => fetchData('10062', { id });
export const subscribe = (fields: FieldsOf<'10063'>) => fetchData('10063', fields);
export const getPositions = (page = 1) => fetchData('10064', { page, size: 50 });
