/** The assets feature, as other features use it: the read of the user's balances (10010). */
export { getAssets } from './api.ts';
