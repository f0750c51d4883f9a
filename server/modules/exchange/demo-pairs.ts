/**
 * `config pair` as the demo configures every flash exchange pair: the same spread (0.2 %) and fee
 * (0.1 %), with the limits of one exchange in `from` units. The seed, the mining demo's sell pairs
 * and the exchange tests write their pairs with it, so they all trade on the demo's terms.
 */
export const demoPairCommand = (from: string, to: string, min: string, max: string): string[] => [
  'config',
  'pair',
  from,
  to,
  '--spread',
  '0.2',
  '--fee',
  '0.1',
  '--min',
  min,
  '--max',
  max,
];
