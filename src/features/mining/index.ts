/** The mining feature, as other features use it: the mining mall's machines (10050). */
export { getMall } from './api.ts';
