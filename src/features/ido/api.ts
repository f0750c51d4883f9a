import type { Page } from '../../../protocol/envelope.ts';
import type { IdoOffering, IdoPhase, IdoPosition } from '../../../protocol/ido.ts';
import { fetchData } from '../../lib/api.ts';

export const getOfferings = (phase: IdoPhase, page = 1) =>
  fetchData<Page<IdoOffering>>('10060', { phase, page, size: 50 });
export const getOffering = (id: number) => fetchData<IdoOffering>('10062', { id });
export const subscribe = (fields: { offeringId: number; shares: number; requestId: string }) =>
  fetchData<IdoPosition>('10063', fields);
export const getPositions = (page = 1) => fetchData<Page<IdoPosition>>('10064', { page, size: 50 });
