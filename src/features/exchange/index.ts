/** The flash exchange feature, as other features use it: the pairs and a quote (10030). */
export { getExchangeQuote } from './api.ts';
