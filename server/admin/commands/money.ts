/**
 * Operator money commands: fund a system pool, adjust a user's balance with a reason, and audit
 * the books (and the solvency snapshots' journal checkpoint). Each movement is one balanced
 * journal entry.
 */
import { randomUUID } from 'node:crypto';
import { isAddress } from 'viem';
import { DomainError } from '../../../protocol/domain-error.ts';
import { isSystemAccount, POOL_ACCOUNTS, type PoolAccount } from '../../../protocol/ledger.ts';
import { dec, fmt, isDecimalString } from '../../../protocol/money.ts';
import { auditLedger } from '../../ledger/audit.ts';
import { balanceOf, credit, debit, post, systemAccount, transfer, userAccount } from '../../ledger/ledger.ts';
import { auditCheckpoint } from '../../modules/solvency/journal-checkpoint.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';

function amountArg(raw: string | undefined, signed: boolean): string {
  if (!raw || !isDecimalString(raw) || dec(raw).isZero() || (!signed && dec(raw).isNegative())) {
    throw new AdminUsageError(
      signed ? 'amount must be a non-zero decimal such as +100 or -2.5' : 'amount must be a positive decimal',
    );
  }
  return fmt(dec(raw));
}

function coinArg(raw: string | undefined): string {
  if (!raw || !/^[A-Z0-9]{2,12}$/.test(raw)) throw new AdminUsageError('coin must be a symbol such as USDT');
  return raw;
}

/** Ledger refusals read as operator errors, not crashes. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError)
      throw new AdminUsageError(`refused: ${error.errorName} ${JSON.stringify(error.params)}`);
    if (error instanceof Error && /unknown coin|decimals for/.test(error.message))
      throw new AdminUsageError(error.message);
    throw error;
  }
}

/** Short names operators type for the pools they fund most (`fund staking-pool USDT 100000`). */
export const POOL_ALIASES: Readonly<Record<string, PoolAccount>> = {
  'staking-pool': 'staking_reward_pool',
  'exchange-inventory': 'exchange_inventory',
  'mining-pool': 'mining_output_pool',
  'ido-treasury': 'ido_treasury',
  'trading-pool': 'trading_margin_pool',
};

function poolArg(rawAccount: string | undefined): PoolAccount {
  const account =
    rawAccount && Object.hasOwn(POOL_ALIASES, rawAccount) ? POOL_ALIASES[rawAccount] : rawAccount;
  if (!account || !isSystemAccount(account) || !(POOL_ACCOUNTS as readonly string[]).includes(account)) {
    throw new AdminUsageError(
      `account must be one of ${[...POOL_ACCOUNTS, ...Object.keys(POOL_ALIASES)].join(', ')}`,
    );
  }
  return account as PoolAccount;
}

/** `fund` moves operator money into a pool; `defund` takes what the pool holds beyond its promises back. */
function poolCommand(direction: 'fund' | 'defund'): AdminCommand<true> {
  const funding = direction === 'fund';
  return {
    name: direction,
    summary: funding
      ? 'Fund a system pool from operator money (e.g. staking-pool USDT 100000)'
      : 'Take money out of a system pool back to the operator (never below zero; reserved promises stay)',
    usage: `${direction} <account> <coin> <amount> --reason "…"   (accounts: ${POOL_ACCOUNTS.join(', ')}; aliases: ${Object.keys(POOL_ALIASES).join(', ')})`,
    mutating: true,
    options: {},
    async run(ctx, { positionals }) {
      const [rawAccount, rawCoin, rawAmount] = positionals;
      const account = poolArg(rawAccount);
      const coin = coinArg(rawCoin);
      const amount = amountArg(rawAmount, false);
      const tx = ctx.db;
      if (!funding) {
        const held = await balanceOf(tx, systemAccount(account), coin);
        if (dec(held).lessThan(dec(amount)))
          throw new AdminUsageError(`${account} holds ${held} ${coin}: cannot take ${amount} out`);
      }
      const from = funding ? systemAccount('operator_funding') : systemAccount(account);
      const to = funding ? systemAccount(account) : systemAccount('operator_funding');
      const result = await guarded(() =>
        post(tx, {
          type: 'pool_funding',
          idempotencyKey: `${direction}:${randomUUID()}`,
          reference: `pool:${account}`,
          memo: ctx.reason ?? undefined,
          postings: transfer(from, to, coin, amount),
        }),
      );
      const balance = await balanceOf(tx, systemAccount(account), coin);
      return {
        text: `${account} ${funding ? 'funded with' : 'defunded by'} ${amount} ${coin}; balance ${balance} ${coin}`,
        json: { entryId: result.entryId, account, coin, amount, balance },
      };
    },
  };
}

export const fundCommand = poolCommand('fund');
export const defundCommand = poolCommand('defund');

export const adjustCommand: AdminCommand<true> = {
  name: 'adjust',
  summary: "Adjust a user's available balance (record: system adjustment); never below zero",
  usage: 'adjust <wallet> <coin> <+amount|-amount> --reason "…"',
  mutating: true,
  options: {},
  async run(ctx, { positionals }) {
    const [wallet, rawCoin, rawAmount] = positionals;
    if (!wallet || !isAddress(wallet, { strict: false }))
      throw new AdminUsageError('wallet must be an EVM address');
    const coin = coinArg(rawCoin);
    const amount = amountArg(rawAmount?.replace(/^\+/, ''), true);
    const tx = ctx.db;
    const positive = !dec(amount).isNegative();
    const magnitude = fmt(dec(amount).abs());
    const result = await guarded(() =>
      post(tx, {
        type: 'system_adjustment',
        idempotencyKey: `adjust:${randomUUID()}`,
        reference: `user:${wallet.toLowerCase()}`,
        memo: ctx.reason ?? undefined,
        postings: positive
          ? credit(wallet, 'adjustments', coin, magnitude)
          : debit(wallet, 'adjustments', coin, magnitude),
      }),
    );
    const balance = await balanceOf(tx, userAccount(wallet), coin);
    return {
      text: `${wallet} ${amount} ${coin}; available ${balance} ${coin}`,
      json: { entryId: result.entryId, wallet, coin, amount, available: balance },
    };
  },
};

export const auditCommand: AdminCommand = {
  name: 'audit',
  summary: 'Recompute every balance from the journal; exits 1 when the books are off',
  usage: 'audit',
  mutating: false,
  options: {},
  async run(ctx) {
    // The solvency snapshots' journal checkpoint is a sum of the journal they trust: recomputed
    // here with the balances (docs/solvency.md, "The journal's check").
    const ledger = await auditLedger(ctx.db);
    const solvencyCheckpoint = await auditCheckpoint(ctx.db);
    const report = { ...ledger, ok: ledger.ok && solvencyCheckpoint.ok, solvencyCheckpoint };
    return {
      text: JSON.stringify(report, null, 2),
      json: report,
      ...(report.ok ? {} : { exitCode: 1 as const }),
    };
  },
};
