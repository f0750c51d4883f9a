/**
 * The markets feature, as other features use it: an instrument's path, its read and the market
 * list's refresh, prices as the screens show them, the live ticks (and closing their streams),
 * and the ticker strip home shows. The first page imports this file (home's screen), so
 * everything here travels with it: the chart (uPlot) and the instrument's screen stay out.
 */
export { getInstrument, getMarkets, refreshMarkets } from './api.ts';
export { closeStreams, useTicks } from './live.ts';
export { formatPrice } from './model.ts';
export { instrumentPath } from './paths.ts';
export { TickerStrip } from './TickerStrip.tsx';
