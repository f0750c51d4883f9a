/** The staking feature, as other features use it: the top yield label home shows. */
export { YieldLabel } from './YieldLabel.tsx';
