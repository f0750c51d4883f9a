import type { SolvencyList, SolvencyProof } from '../../../protocol/solvency.ts';
import { fetchData } from '../../lib/api.ts';

export const getSnapshots = () => fetchData<SolvencyList>('10090', { size: 30 });
export const getProof = (snapshotId?: number) =>
  fetchData<SolvencyProof>('10091', snapshotId === undefined ? {} : { snapshotId });
