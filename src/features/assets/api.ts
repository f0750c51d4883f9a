import { fetchData } from '../../lib/api.ts';

export const getAssets = () => fetchData('10010');

export const claimFaucet = () => fetchData('10012', { requestId: crypto.randomUUID() });
