/**
 * Operator settings that guard withdrawals (docs/withdrawals.md): the address book's cooling-off,
 * the daily limits per coin, and the explorer link per chain.
 */
import { dec, fmt, isDecimalString } from '../../../protocol/money.ts';
import { mergeSetting, writeSetting } from '../../modules/config/config.repository.ts';
import { chains, coins } from '../../modules/config/config.schema.ts';
import { ADDRESS_DELAY_SETTING } from '../../modules/withdraw/address-book.ts';
import { EXPLORER_SETTING, isExplorerTemplate } from '../../modules/withdraw/explorer.ts';
import { DAILY_LIMITS_SETTING, dailyLimits } from '../../modules/withdraw/limits.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';

export const configAddressDelayCommand: AdminCommand = {
  name: 'config address-delay',
  summary: 'Set the cooling-off of a newly saved withdrawal address, in hours (off: usable at once)',
  usage: 'config address-delay <hours|off> --reason "…"   (default 24)',
  mutating: true,
  options: {},
  async run(ctx, { positionals }) {
    const [raw] = positionals;
    const hours = raw === 'off' ? 0 : Number(raw);
    if (raw === undefined || !Number.isInteger(hours) || hours < 0 || hours > 24 * 30)
      throw new AdminUsageError('give whole hours from 0 to 720, or off');
    await writeSetting(ctx.db, ADDRESS_DELAY_SETTING, hours);
    return {
      text: hours === 0 ? 'address cooling-off off' : `address cooling-off ${hours} h`,
      json: { hours },
    };
  },
};

export const configWithdrawLimitCommand: AdminCommand = {
  name: 'config withdraw-limit',
  summary: "Set a coin's daily withdrawal limit per user (rolling 24 hours), or off",
  usage: 'config withdraw-limit <COIN> <amount|off> --reason "…"',
  mutating: true,
  options: {},
  async run(ctx, { positionals }) {
    const [coin, raw] = positionals;
    const known = (await ctx.db.select({ symbol: coins.symbol }).from(coins)).map((c) => c.symbol);
    if (!coin || !known.includes(coin)) throw new AdminUsageError('name a known coin, e.g. USDT');
    if (raw === undefined || (raw !== 'off' && (!isDecimalString(raw) || dec(raw).isNegative())))
      throw new AdminUsageError('give a non-negative amount, or off');
    await mergeSetting(ctx.db, DAILY_LIMITS_SETTING, { [coin]: raw === 'off' ? null : fmt(dec(raw)) });
    const limits = await dailyLimits(ctx.db);
    return { text: `daily limit of ${coin}: ${limits[coin] ?? 'off'}`, json: limits };
  },
};

export const configExplorerCommand: AdminCommand = {
  name: 'config explorer',
  summary: "Set a chain's explorer link for withdrawal transactions ({txid} stands for the hash), or off",
  usage: 'config explorer <CHAIN> <https://…/tx/{txid}|off> --reason "…"',
  mutating: true,
  options: {},
  async run(ctx, { positionals }) {
    const [chain, template] = positionals;
    const known = (await ctx.db.select({ id: chains.id }).from(chains)).map((c) => c.id);
    if (!chain || !known.includes(chain)) throw new AdminUsageError('name a known chain, e.g. ERC20');
    if (template === undefined || (template !== 'off' && !isExplorerTemplate(template)))
      throw new AdminUsageError('give an https URL with {txid} in it, or off');
    const next = await mergeSetting(ctx.db, EXPLORER_SETTING, {
      [chain]: template === 'off' ? null : template,
    });
    return { text: `explorer of ${chain}: ${next[chain] ?? 'off'}`, json: next };
  },
};

export const withdrawSafetyCommands: readonly AdminCommand[] = [
  configAddressDelayCommand,
  configWithdrawLimitCommand,
  configExplorerCommand,
];
