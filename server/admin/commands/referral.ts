/** Operator referral commands: what share of a fee each level of inviter earns (docs/referral.md). */

import { dec, fmt } from '../../../protocol/money.ts';
import { isShare, type ReferralShares } from '../../../protocol/referral.ts';
import { writeSetting } from '../../modules/config/config.repository.ts';
import { REFERRAL_SETTING_KEY, referralShares } from '../../modules/referral/referral.service.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';
import { need, valueOptions } from '../options.ts';

export const configReferralCommand: AdminCommand = {
  name: 'config referral',
  summary:
    "Set the shares of an invitee's fees paid to their inviter (direct) and the inviter's inviter (indirect)",
  usage:
    'config referral --direct <percent> --indirect <percent> --reason "…"   (each 0-100, 2 decimals; together at most 100)',
  mutating: true,
  options: valueOptions('direct', 'indirect'),
  async run(ctx, { values }) {
    const direct = need(values.direct, '--direct');
    const indirect = need(values.indirect, '--indirect');
    for (const [name, value] of [
      ['--direct', direct],
      ['--indirect', indirect],
    ] as const)
      if (!isShare(value))
        throw new AdminUsageError(`${name} is a percent from 0 to 100 with at most 2 decimals`);
    if (dec(direct).plus(dec(indirect)).greaterThan(100))
      throw new AdminUsageError(
        '--direct and --indirect together are at most 100: a commission never exceeds its fee',
      );
    const before = await referralShares(ctx.db);
    const shares: ReferralShares = { direct: fmt(dec(direct)), indirect: fmt(dec(indirect)) };
    await writeSetting(ctx.db, REFERRAL_SETTING_KEY, shares);
    return {
      text: `referral shares: direct ${shares.direct} %, indirect ${shares.indirect} % of fees (were ${before.direct} %, ${before.indirect} %)`,
      json: shares,
    };
  },
};
