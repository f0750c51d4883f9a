/**
 * Product configuration commands: coins, chains, feature switches, contact channels and the
 * service contract. The demo seed runs these same commands.
 */
import { eq } from 'drizzle-orm';
import { getAddress, isAddress } from 'viem';
import { FEATURES, type Feature } from '../../../protocol/codes.ts';
import {
  CONTACT_SETTING_KEY,
  type ContactChannel,
  FEATURE_SETTING_KEY,
  SERVICE_CONTRACT_SETTING_KEY,
} from '../../../protocol/config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerAccounts } from '../../ledger/ledger.schema.ts';
import {
  mergeSetting,
  readSetting,
  replaceCoinChains,
  upsertChain,
  upsertCoin,
  writeSetting,
} from '../../modules/config/config.repository.ts';
import { coins } from '../../modules/config/config.schema.ts';
import { readStoredConfig } from '../../modules/index.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';
import { flagOptions, need, valueOptions, wholeNumber } from '../options.ts';

const ALL_FEATURES = new Set<Feature>(FEATURES);

const ID = /^[A-Z0-9]{2,12}$/;

export const configShowCommand: AdminCommand = {
  name: 'config show',
  summary: 'Print the configuration clients receive (with every feature counted as implemented)',
  usage: 'config show',
  mutating: false,
  options: {},
  async run(ctx) {
    const config = await readStoredConfig(ctx.db, ALL_FEATURES);
    return { text: JSON.stringify(config, null, 2), json: config };
  },
};

export const configChainCommand: AdminCommand = {
  name: 'config chain',
  summary: 'Add or change a chain',
  usage:
    'config chain <ID> --name <name> --family evm|tron|bitcoin [--evm-chain-id <n>] [--confirmations <n>] [--sort <n>] [--disable]',
  mutating: true,
  options: {
    ...valueOptions('name', 'family', 'evm-chain-id', 'confirmations', 'sort'),
    ...flagOptions('disable'),
  },
  async run(ctx, { positionals, values }) {
    const id = need(positionals[0], 'chain ID');
    if (!ID.test(id)) throw new AdminUsageError('chain ID must be 2 to 12 capital letters or digits');
    const family = need(values.family, '--family');
    if (family !== 'evm' && family !== 'tron' && family !== 'bitcoin') {
      throw new AdminUsageError('--family must be evm, tron or bitcoin');
    }
    const evmChainId =
      family === 'evm' ? wholeNumber(values['evm-chain-id'], '--evm-chain-id', 1, 2 ** 31 - 1) : null;
    const row = {
      id,
      name: need(values.name, '--name'),
      family,
      evmChainId,
      // Blocks a deposit needs before it is credited (docs/deposit-addresses.md).
      confirmations:
        values.confirmations === undefined
          ? 12
          : wholeNumber(values.confirmations, '--confirmations', 1, 10_000),
      sort: values.sort === undefined ? 0 : wholeNumber(values.sort, '--sort', 0, 10_000),
      enabled: values.disable !== true,
    } as const;
    await upsertChain(ctx.db, row);
    return { text: `chain ${id} saved`, json: row };
  },
};

/**
 * Every amount of a coin in the books, and every term reserved in it (a stake's interest, a
 * holding's output, an offering's shares, a quote), was computed at the coin's precision; the
 * ledger refuses amounts finer than the precision. Once the coin has an account, a new precision
 * could leave a reserve that can never be paid out whole, so it is refused.
 */
async function refusePrecisionChange(db: DbOrTx, symbol: string, precision: number): Promise<void> {
  const [current] = await db
    .select({ precision: coins.precision })
    .from(coins)
    .where(eq(coins.symbol, symbol))
    .for('update');
  if (!current || current.precision === precision) return;
  const [held] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.coin, symbol))
    .limit(1);
  if (held) {
    throw new AdminUsageError(
      `${symbol} has money in the books: its precision ${current.precision} is fixed (balances and what was reserved in it were computed at it); add a new coin instead`,
    );
  }
}

export const configCoinCommand: AdminCommand = {
  name: 'config coin',
  summary: 'Add or change a coin and the chains it moves on',
  usage:
    'config coin <SYMBOL> --name <name> --precision <0-18> --chains <ID,ID|none> [--sort <n>] [--disable]',
  mutating: true,
  options: { ...valueOptions('name', 'precision', 'chains', 'sort'), ...flagOptions('disable') },
  async run(ctx, { positionals, values }) {
    const symbol = need(positionals[0], 'coin symbol');
    if (!ID.test(symbol)) throw new AdminUsageError('coin symbol must be 2 to 12 capital letters or digits');
    // `none`: a coin held and exchanged on the platform only, such as one a mining machine
    // produces before the operator supports its chain (docs/mining.md).
    const rawChains = need(values.chains, '--chains');
    const chainIds = rawChains === 'none' ? [] : rawChains.split(',').map((c) => c.trim());
    if (chainIds.some((c) => !ID.test(c)) || new Set(chainIds).size !== chainIds.length) {
      throw new AdminUsageError('--chains must be distinct chain IDs separated by commas');
    }
    const row = {
      symbol,
      name: need(values.name, '--name'),
      precision: wholeNumber(values.precision, '--precision', 0, 18),
      sort: values.sort === undefined ? 0 : wholeNumber(values.sort, '--sort', 0, 10_000),
      enabled: values.disable !== true,
    };
    await refusePrecisionChange(ctx.db, symbol, row.precision);
    await upsertCoin(ctx.db, row);
    try {
      await replaceCoinChains(ctx.db, symbol, chainIds);
    } catch {
      throw new AdminUsageError(
        `unknown chain in --chains ${chainIds.join(',')}; add it with "config chain" first`,
      );
    }
    return {
      text: `coin ${symbol} saved ${chainIds.length > 0 ? `on ${chainIds.join(', ')}` : 'without chains (held on the platform only)'}`,
      json: { ...row, chains: chainIds },
    };
  },
};

export const configFeatureCommand: AdminCommand = {
  name: 'config feature',
  summary: 'Switch features on or off',
  usage: `config feature <on|off> <feature…>  (features: ${FEATURES.join(', ')})`,
  mutating: true,
  options: {},
  async run(ctx, { positionals }) {
    const [state, ...names] = positionals;
    if (state !== 'on' && state !== 'off') throw new AdminUsageError('say on or off');
    if (names.length === 0) throw new AdminUsageError('name at least one feature');
    const unknown = names.filter((n) => !ALL_FEATURES.has(n as Feature));
    if (unknown.length > 0) throw new AdminUsageError(`unknown feature: ${unknown.join(', ')}`);
    const next = await mergeSetting(
      ctx.db,
      FEATURE_SETTING_KEY,
      Object.fromEntries(names.map((n) => [n, state === 'on'])),
    );
    return { text: `${names.join(', ')} switched ${state}`, json: next };
  },
};

export const configContactCommand: AdminCommand = {
  name: 'config contact',
  summary: 'Set or remove a contact channel shown under "Contact us"',
  usage: 'config contact <channel> [<value>]   (no value removes the channel)',
  mutating: true,
  options: {},
  async run(ctx, { positionals }) {
    const [channel, value] = positionals;
    if (!channel || !/^[a-z][a-z0-9_-]{0,31}$/.test(channel)) {
      throw new AdminUsageError('channel must be a short lowercase name such as email or telegram');
    }
    if (value !== undefined && (value.length === 0 || value.length > 200)) {
      throw new AdminUsageError('value must be 1 to 200 characters');
    }
    const current = (await readSetting<ContactChannel[]>(ctx.db, CONTACT_SETTING_KEY)) ?? [];
    const next = current.filter((c) => c.channel !== channel);
    if (value !== undefined) next.push({ channel, value });
    await writeSetting(ctx.db, CONTACT_SETTING_KEY, next);
    return {
      text: value === undefined ? `contact ${channel} removed` : `contact ${channel} saved`,
      json: next,
    };
  },
};

export const configContractCommand: AdminCommand = {
  name: 'config contract',
  summary: 'Set the service contract address shown in the configuration ("none" clears it)',
  usage: 'config contract <0x address|none>',
  mutating: true,
  options: {},
  async run(ctx, { positionals }) {
    const raw = need(positionals[0], 'address');
    if (raw !== 'none' && !isAddress(raw, { strict: false })) throw new AdminUsageError('not an EVM address');
    const value = raw === 'none' ? '' : getAddress(raw);
    await writeSetting(ctx.db, SERVICE_CONTRACT_SETTING_KEY, value);
    return {
      text: value ? `service contract set to ${value}` : 'service contract cleared',
      json: { serviceContract: value },
    };
  },
};
