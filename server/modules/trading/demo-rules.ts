/**
 * How the demo instruments trade (docs/trading.md): contract sizes as MT5 brokers quote them,
 * leverage by asset class, a commission per lot, and the currency each is quoted in. HK50 is left
 * out: it is quoted in HKD and no demo instrument prices HKD, so its profit could not be shown in
 * USDT honestly.
 */
type Rule = [
  symbol: string,
  contract: string,
  step: string,
  min: string,
  max: string,
  leverage: string,
  commission: string,
  quote: string,
];

// biome-ignore format: one instrument per line reads as a table
const RULES: Rule[] = [
  ['EURUSD', '100000', '0.01', '0.01', '50', '100', '3.5', 'USD'],
  ['GBPUSD', '100000', '0.01', '0.01', '50', '100', '3.5', 'USD'],
  ['AUDUSD', '100000', '0.01', '0.01', '50', '100', '3.5', 'USD'],
  ['USDJPY', '100000', '0.01', '0.01', '50', '100', '3.5', 'JPY'],
  ['XAUUSD', '100', '0.01', '0.01', '20', '20', '5', 'USD'],
  ['XAGUSD', '5000', '0.01', '0.01', '20', '20', '5', 'USD'],
  ['USOIL', '1000', '0.01', '0.01', '20', '10', '3', 'USD'],
  ['UKOIL', '1000', '0.01', '0.01', '20', '10', '3', 'USD'],
  ['US30', '1', '0.1', '0.1', '100', '20', '0', 'USD'],
  ['NAS100', '1', '0.1', '0.1', '100', '20', '0', 'USD'],
  ['SPX500', '1', '0.1', '0.1', '100', '20', '0', 'USD'],
  ['BTCUSDT', '1', '0.001', '0.001', '5', '10', '10', 'USDT'],
  ['ETHUSDT', '1', '0.01', '0.01', '100', '10', '1', 'USDT'],
  ['SOLUSDT', '1', '0.1', '0.1', '2000', '10', '0.05', 'USDT'],
];

export const DEMO_TRADING_COMMANDS: readonly string[][] = [
  ...RULES.map(([symbol, contract, step, min, max, leverage, commission, quote]) => [
    'config',
    'trading',
    symbol,
    '--contract-size',
    contract,
    '--lot-step',
    step,
    '--min-lots',
    min,
    '--max-lots',
    max,
    '--leverage',
    leverage,
    '--commission',
    commission,
    '--quote-currency',
    quote,
  ]),
  // The counterparty of the demo's positions: profits are paid from it, losses go to it.
  ['fund', 'trading-pool', 'USDT', '1000000'],
];
