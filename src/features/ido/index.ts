/** The IDO feature, as other features use it: the offerings of a phase (10060). */
export { getOfferings } from './api.ts';
