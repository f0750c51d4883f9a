/**
 * Flash exchange: pairs between coins, priced by the markets. Other modules reach it only for the
 * demo's pair terms (the mining demo sells its mined coins through it).
 */
export { demoPairCommand } from './demo-pairs.ts';
