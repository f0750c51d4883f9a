import { fetchData } from '../../lib/api.ts';

export const getSnapshots = () => fetchData('10090', { size: 30 });
export const getProof = (snapshotId?: number) =>
  fetchData('10091', snapshotId === undefined ? {} : { snapshotId });
