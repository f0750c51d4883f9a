/** Operator trading commands: how an instrument trades, and the trigger engine on demand. */
import { tradingRules } from '../../modules/trading/trading.schema.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';
import { requireInstrument } from '../lookups.ts';
import { decimalOption, flagOptions, need, valueOptions, wholeNumber } from '../options.ts';

export const configTradingCommand: AdminCommand = {
  name: 'config trading',
  summary:
    'Set how an instrument trades: contract size, lot step and bounds, leverage, commission, quote currency',
  usage:
    'config trading <SYMBOL> --contract-size <n> --lot-step <n> --min-lots <n> --max-lots <n> --leverage <1-1000> --commission <USDT per lot> --quote-currency <USD|JPY|USDT…> [--disable] --reason "…"',
  mutating: true,
  options: {
    ...valueOptions(
      'contract-size',
      'lot-step',
      'min-lots',
      'max-lots',
      'leverage',
      'commission',
      'quote-currency',
    ),
    ...flagOptions('disable'),
  },
  async run(ctx, { positionals, values }) {
    const symbol = await requireInstrument(ctx.db, positionals[0] ?? '', 'EURUSD');
    const quoteCurrency = need(values['quote-currency'], '--quote-currency');
    if (!/^[A-Z]{3,5}$/.test(quoteCurrency))
      throw new AdminUsageError('--quote-currency is a currency code such as USD');
    const row = {
      symbol,
      contractSize: decimalOption(values['contract-size'], 'contract-size', 8, true),
      lotStep: decimalOption(values['lot-step'], 'lot-step', 4, true),
      minLots: decimalOption(values['min-lots'], 'min-lots', 4, true),
      maxLots: decimalOption(values['max-lots'], 'max-lots', 4, true),
      leverage: wholeNumber(values.leverage, '--leverage', 1, 1000),
      commissionPerLot: decimalOption(values.commission, 'commission', 6, false),
      quoteCurrency,
      enabled: values.disable !== true,
    };
    await ctx.db
      .insert(tradingRules)
      .values(row)
      .onConflictDoUpdate({ target: tradingRules.symbol, set: { ...row, updatedAt: new Date() } });
    return { text: `${symbol} trades at 1:${row.leverage}, ${row.contractSize} a lot`, json: row };
  },
};
