/**
 * Which operators' devices receive operator notices by push (docs/push.md, "Account and operator
 * notices"): the wallets they sign in to the app with, whose subscriptions get the notice.
 */

import { writeSetting } from '../../modules/config/config.repository.ts';
import { isValidEvmAddress } from '../../modules/deposit/index.ts';
import { OPERATOR_PUSH_SETTING } from '../../modules/push/index.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';

export const configOperatorPushCommand: AdminCommand = {
  name: 'config operator-push',
  summary:
    "Set the operators' wallets whose subscribed devices get operator notices (a paused sender), or off",
  usage: 'config operator-push <0x…[,0x…]|off> --reason "…"',
  mutating: true,
  options: {},
  async run(ctx, { positionals }) {
    const [raw] = positionals;
    if (raw === undefined) throw new AdminUsageError('give EVM wallet addresses separated by commas, or off');
    const wallets = raw === 'off' ? [] : [...new Set(raw.split(',').map((w) => w.trim().toLowerCase()))];
    if (wallets.some((w) => !isValidEvmAddress(w)))
      throw new AdminUsageError('give EVM wallet addresses separated by commas, or off');
    await writeSetting(ctx.db, OPERATOR_PUSH_SETTING, wallets);
    return {
      text: wallets.length ? `operator notices to ${wallets.join(', ')}` : 'operator notices off',
      json: wallets,
    };
  },
};
