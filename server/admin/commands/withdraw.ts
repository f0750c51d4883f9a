/** Operator withdrawal commands: rules per coin and chain, and the review workflow. */
import { and, eq } from 'drizzle-orm';
import { DomainError } from '../../../protocol/domain-error.ts';
import { dec, fmt, isDecimalString, scaleOf } from '../../../protocol/money.ts';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '../../../protocol/withdraw.ts';
import { coinChains, coins } from '../../modules/config/config.schema.ts';
import { withdrawRules } from '../../modules/withdraw/withdraw.schema.ts';
import {
  advanceWithdrawal,
  listWithdrawals,
  WithdrawalStateError,
} from '../../modules/withdraw/withdraw.service.ts';
import { reviewWithdrawal } from '../../modules/withdraw-sender/index.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';
import { flagOptions, valueOptions } from '../options.ts';
import { listOutput } from '../text.ts';

export const configWithdrawCommand: AdminCommand = {
  name: 'config withdraw',
  summary: 'Set the withdrawal rule of a coin on a chain: handling fee, minimum, maximum',
  usage: 'config withdraw <COIN> <CHAIN> --fee <n> --min <n> --max <n> [--disable] --reason "…"',
  mutating: true,
  options: { ...valueOptions('fee', 'min', 'max'), ...flagOptions('disable') },
  async run(ctx, { positionals, values }) {
    const [coin, chain] = positionals;
    const [link] = await ctx.db
      .select({ precision: coins.precision })
      .from(coinChains)
      .innerJoin(coins, eq(coins.symbol, coinChains.coin))
      .where(and(eq(coinChains.coin, coin ?? ''), eq(coinChains.chain, chain ?? '')));
    if (!coin || !chain || !link)
      throw new AdminUsageError('name a coin and a chain it moves on, e.g. USDT TRC20');
    const amount = (name: 'fee' | 'min' | 'max') => {
      const raw = values[name];
      if (
        typeof raw !== 'string' ||
        !isDecimalString(raw) ||
        dec(raw).isNegative() ||
        scaleOf(raw) > link.precision
      ) {
        throw new AdminUsageError(
          `--${name} must be a non-negative amount with at most ${link.precision} decimals`,
        );
      }
      return fmt(dec(raw));
    };
    const rule = {
      coin,
      chain,
      fee: amount('fee'),
      min: amount('min'),
      max: amount('max'),
      enabled: values.disable !== true,
    };
    // The arrival amount (amount - fee) must stay positive for every allowed amount.
    if (!dec(rule.min).greaterThan(dec(rule.fee)) || dec(rule.max).lessThan(dec(rule.min))) {
      throw new AdminUsageError('need fee < min <= max');
    }
    await ctx.db
      .insert(withdrawRules)
      .values(rule)
      .onConflictDoUpdate({ target: [withdrawRules.coin, withdrawRules.chain], set: rule });
    return { text: `withdrawal rule for ${coin} on ${chain} saved`, json: rule };
  },
};

export const withdrawalsListCommand: AdminCommand = {
  name: 'withdrawals list',
  summary: 'List withdrawals, optionally by status',
  usage: `withdrawals list [--status ${WITHDRAWAL_STATUSES.join('|')}]`,
  mutating: false,
  options: valueOptions('status'),
  async run(ctx, { values }) {
    const status = values.status as WithdrawalStatus | undefined;
    if (status !== undefined && !WITHDRAWAL_STATUSES.includes(status))
      throw new AdminUsageError('unknown status');
    const list = await listWithdrawals(ctx.db, status);
    return listOutput(
      list,
      'no withdrawals',
      (w) =>
        `#${w.id} ${w.status.padEnd(17)} ${w.amount} ${w.coin} ${w.chain} -> ${w.address} (user ${w.user})`,
    );
  },
};

function step(
  name: string,
  to: WithdrawalStatus,
  summary: string,
  extra: { txid?: boolean; reasonIsNote?: boolean } = {},
): AdminCommand<true> {
  return {
    name: `withdrawals ${name}`,
    summary,
    usage: `withdrawals ${name} <id>${extra.txid ? ' --txid <txid>' : ''}${extra.reasonIsNote ? ' --reason "…"' : ' [--reason "…"]'}`,
    mutating: true,
    // A rejection or failure must say why (the user reads it); routine steps record what they did.
    ...(extra.reasonIsNote
      ? {}
      : {
          defaultReason: ({ positionals }: { positionals: string[] }) =>
            `withdrawal ${positionals[0] ?? ''} ${name}`,
        }),
    options: extra.txid ? { txid: { type: 'string' } } : {},
    async run(ctx, { positionals, values }) {
      const id = Number(positionals[0]);
      if (!Number.isInteger(id) || id < 1) throw new AdminUsageError('name the withdrawal id');
      const txid = typeof values.txid === 'string' ? values.txid : undefined;
      if (extra.txid && (!txid || !/^[A-Za-z0-9]{8,100}$/.test(txid)))
        throw new AdminUsageError('--txid must be the chain transaction id');
      try {
        if (to === 'reviewed') {
          // Above the coin's dual limit a review needs two different operators (withdraw-sender).
          const r = await reviewWithdrawal(ctx.db, id, ctx.actor, new Date());
          return r.reviewed
            ? {
                text: `withdrawal #${id} is now reviewed (by ${r.approvedBy.join(' and ')})`,
                json: r.withdrawal,
              }
            : {
                text: `withdrawal #${id}: approved by ${r.approvedBy.join(', ')}; a second, different operator must review it`,
                json: r,
              };
        }
        const w = await advanceWithdrawal(ctx.db, id, to, {
          actor: `operator:${ctx.actor}`,
          note: extra.reasonIsNote ? ctx.reason : null,
          ...(txid ? { txid } : {}),
        });
        return { text: `withdrawal #${id} is now ${w.status}`, json: w };
      } catch (error) {
        if (error instanceof WithdrawalStateError) throw new AdminUsageError(error.message);
        if (error instanceof DomainError) throw new AdminUsageError(`refused: ${error.errorName}`);
        throw error;
      }
    },
  };
}

export const withdrawalStepCommands: readonly AdminCommand[] = [
  step('review', 'reviewed', 'Approve a submitted withdrawal after review'),
  step(
    'reject',
    'rejected',
    'Reject a submitted withdrawal; the frozen amount returns (the reason is shown to the user)',
    { reasonIsNote: true },
  ),
  step('process', 'processing', 'Mark a reviewed withdrawal as sent, with its chain txid', { txid: true }),
  step('complete', 'successful', 'Mark a processing withdrawal as arrived'),
  step('fail', 'failed', 'Mark a processing withdrawal as failed (the reason is shown to the user)', {
    reasonIsNote: true,
  }),
  step(
    'returned',
    'failure_processed',
    'Return the frozen amount of a failed withdrawal (record: failed withdrawal returned)',
  ),
];
