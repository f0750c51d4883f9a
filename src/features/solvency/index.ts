/** The proof of reserves feature, as other features use it: the published snapshots (10090). */
export { getSnapshots } from './api.ts';
