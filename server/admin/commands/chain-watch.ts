/**
 * What the chain watcher reads on an EVM chain (docs/deposit-addresses.md): a coin's token
 * contract and its decimals there, or that the coin is the chain's own (native) coin.
 */
import { and, eq } from 'drizzle-orm';
import { getAddress, isAddress } from 'viem';
import { chains, coinChains } from '../../modules/config/config.schema.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';
import { flagOptions, need, valueOptions, wholeNumber } from '../options.ts';

export const configTokenCommand: AdminCommand = {
  name: 'config token',
  summary: 'Tell the chain watcher how a coin moves on an EVM chain: a token contract, or the native coin',
  usage:
    'config token <COIN> <CHAIN> (--contract <0x address> --decimals <n> | --native) --reason "…"   (the coin must already move on the chain: config coin)',
  mutating: true,
  options: { ...valueOptions('contract', 'decimals'), ...flagOptions('native') },
  async run(ctx, { positionals, values }) {
    const coin = need(positionals[0], 'coin');
    const chain = need(positionals[1], 'chain');
    const [chainRow] = await ctx.db.select().from(chains).where(eq(chains.id, chain));
    if (chainRow?.family !== 'evm') throw new AdminUsageError('name a configured EVM chain, e.g. ERC20');
    const [link] = await ctx.db
      .select()
      .from(coinChains)
      .where(and(eq(coinChains.coin, coin), eq(coinChains.chain, chain)));
    if (!link)
      throw new AdminUsageError(`${coin} does not move on ${chain}: config coin ${coin} --chains … first`);
    const native = values.native === true;
    if (native === (values.contract !== undefined))
      throw new AdminUsageError('say either --contract <address> --decimals <n> or --native');
    const contract = native ? null : String(values.contract);
    if (contract !== null && !isAddress(contract, { strict: false }))
      throw new AdminUsageError('--contract must be a 0x address');
    const set = {
      contract: contract === null ? null : getAddress(contract),
      decimals: native ? 18 : wholeNumber(values.decimals, '--decimals', 0, 36),
      native,
    };
    if (native) await ctx.db.update(coinChains).set({ native: false }).where(eq(coinChains.chain, chain));
    await ctx.db
      .update(coinChains)
      .set(set)
      .where(and(eq(coinChains.coin, coin), eq(coinChains.chain, chain)));
    return {
      text: native
        ? `${coin} is ${chain}'s native coin`
        : `${coin} on ${chain}: ${set.contract}, ${set.decimals} decimals`,
      json: { coin, chain, ...set },
    };
  },
};
