/**
 * The withdraw sender's operator commands (docs/withdrawals.md, "The sender"): the hot wallets'
 * addresses, balances and paused coins, and each coin's auto-approval limit. The key itself is
 * never shown: only the variable that holds it.
 */
import { and, eq } from 'drizzle-orm';
import { createPublicClient, http, type PublicClient } from 'viem';
import { chainRpcUrls } from '../../modules/chain-watch/chain-watch.job.ts';
import { evmCoinsOn } from '../../modules/chain-watch/index.ts';
import { withdrawRules } from '../../modules/withdraw/withdraw.schema.ts';
import {
  hotWalletAccount,
  hotWalletBalances,
  hotWalletKeyVariable,
  withdrawSenderPauses,
} from '../../modules/withdraw-sender/index.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';
import { decimalOption, flagOptions, need, valueOptions } from '../options.ts';

interface WalletStatus {
  chain: string;
  keyFrom: string | null;
  address: string | null;
  balances: { coin: string; balance: string }[];
  paused: { coin: string; reason: string; since: number }[];
  error: string | null;
}

export const hotwalletStatusCommand: AdminCommand = {
  name: 'hotwallet status',
  summary: "The withdraw sender's hot wallet per EVM chain: address, balances per coin, paused coins",
  usage: 'hotwallet status   (reads CHAIN_RPC_<CHAIN> and HOT_WALLET_KEY[_<CHAIN>] of this process)',
  mutating: false,
  options: {},
  async run(ctx) {
    const wallets: WalletStatus[] = [];
    for (const [chain, url] of chainRpcUrls(process.env)) {
      const paused = (
        await ctx.db.select().from(withdrawSenderPauses).where(eq(withdrawSenderPauses.chain, chain))
      ).map((p) => ({ coin: p.coin, reason: p.reason, since: p.since.getTime() }));
      const status: WalletStatus = {
        chain,
        keyFrom: hotWalletKeyVariable(process.env, chain),
        address: null,
        balances: [],
        paused,
        error: null,
      };
      wallets.push(status);
      try {
        const account = hotWalletAccount(process.env, chain);
        if (!account) continue;
        status.address = account.address;
        const rpc = createPublicClient({
          transport: http(url, { timeout: 10_000 }),
          cacheTime: 0,
        }) as PublicClient;
        status.balances = await hotWalletBalances(rpc, account.address, await evmCoinsOn(ctx.db, chain));
      } catch (error) {
        // Key errors name the variable only (hot-wallet.ts); an RPC error says the node is unreachable.
        status.error = error instanceof Error ? (error.message.split('\n')[0] ?? 'error') : 'error';
      }
    }
    const text =
      wallets.length === 0
        ? 'no chain RPC is set (CHAIN_RPC_<CHAIN>): withdrawals are processed by the operator'
        : wallets
            .map((w) =>
              [
                `${w.chain}  ${w.address ?? 'no hot wallet key (HOT_WALLET_KEY_<CHAIN> or HOT_WALLET_KEY): operator-processed'}${w.keyFrom ? ` (key from ${w.keyFrom})` : ''}`,
                ...w.balances.map((b) => `  ${b.coin.padEnd(8)} ${b.balance}`),
                ...w.paused.map(
                  (p) => `  ${p.coin.padEnd(8)} PAUSED: ${p.reason} since ${new Date(p.since).toISOString()}`,
                ),
                ...(w.error ? [`  error: ${w.error}`] : []),
              ].join('\n'),
            )
            .join('\n');
    return { text, json: wallets };
  },
};

export const configWithdrawAutoCommand: AdminCommand = {
  name: 'config withdraw-auto',
  summary:
    'Let the withdraw sender review withdrawals at or below an amount by itself (or stop it); above --dual, two operators review',
  usage:
    'config withdraw-auto <COIN> <CHAIN> (--limit <n> | --off) [--dual <n> | --no-dual] --reason "…"   (the rule must exist: config withdraw)',
  mutating: true,
  options: { ...valueOptions('limit', 'dual'), ...flagOptions('off', 'no-dual') },
  async run(ctx, { positionals, values }) {
    const coin = need(positionals[0], 'coin');
    const chain = need(positionals[1], 'chain');
    const off = values.off === true;
    if (off === (values.limit !== undefined)) throw new AdminUsageError('say either --limit <n> or --off');
    const autoLimit = off ? null : decimalOption(values.limit, 'limit', 18, true);
    if (values.dual !== undefined && values['no-dual'] === true)
      throw new AdminUsageError('say either --dual <n> or --no-dual');
    const dual =
      values.dual !== undefined
        ? { dualLimit: decimalOption(values.dual, 'dual', 18, true) }
        : values['no-dual'] === true
          ? { dualLimit: null }
          : {};
    const updated = await ctx.db
      .update(withdrawRules)
      .set({ autoLimit, ...dual })
      .where(and(eq(withdrawRules.coin, coin), eq(withdrawRules.chain, chain)))
      .returning();
    if (updated.length === 0)
      throw new AdminUsageError(`no withdrawal rule for ${coin} on ${chain}: config withdraw first`);
    return {
      text:
        (off
          ? `withdrawals of ${coin} on ${chain} wait for an operator's review`
          : `withdrawals of ${coin} on ${chain} up to ${autoLimit} are reviewed by the sender`) +
        (updated[0]?.dualLimit ? `; above ${updated[0].dualLimit}, two operators review` : ''),
      json: { coin, chain, autoLimit, dualLimit: updated[0]?.dualLimit ?? null },
    };
  },
};
