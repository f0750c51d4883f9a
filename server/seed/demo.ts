/**
 * Demo configuration for a fresh embedded database. It is a list of ordinary admin commands, run
 * through the same runner an operator uses, so the seed and real use cannot drift apart; each
 * command is recorded in the audit table with the actor `seed`.
 */
import { count } from 'drizzle-orm';
import { FEATURES } from '../../protocol/codes.ts';
import { runAdminCommand } from '../admin/runner.ts';
import { asFirstSetup } from '../admin/two-person.ts';
import type { Database } from '../db/client.ts';
import { coins } from '../modules/config/config.schema.ts';
import {
  DEMO_BITCOIN_ACCOUNT_XPUB,
  DEMO_EVM_ACCOUNT_XPUB,
  DEMO_TRON_ACCOUNT_XPUB,
} from '../modules/deposit/demo-keys.ts';
import { demoPairCommand } from '../modules/exchange/index.ts';
import { demoIdoCommands } from '../modules/ido/demo-offerings.ts';
import { DEMO_INSTRUMENTS } from '../modules/markets/instruments.ts';
import { DEMO_MINING_COMMANDS } from '../modules/mining/demo-machines.ts';
import { DEMO_ANNOUNCEMENT_COMMANDS } from '../modules/news/demo-announcements.ts';
import { DEMO_TRADING_COMMANDS } from '../modules/trading/demo-rules.ts';

/** Coins the demo exchange swaps with USDT, and the limits of selling each (min, max). */
const EXCHANGE_DEMO = [
  ['BTC', '0.0001', '1'],
  ['ETH', '0.003', '15'],
  ['TRX', '40', '200000'],
  ['BNB', '0.01', '60'],
] as const;
const EXCHANGE_INVENTORY = [
  ['USDT', '1000000'],
  ['BTC', '20'],
  ['ETH', '400'],
  ['TRX', '5000000'],
  ['BNB', '1500'],
] as const;

const REASON = ['--reason', 'demo seed on an empty database'];

export const DEMO_COMMANDS: readonly string[][] = [
  ['config', 'chain', 'TRC20', '--name', 'TRON (TRC20)', '--family', 'tron', '--sort', '1'],
  [
    'config',
    'chain',
    'ERC20',
    '--name',
    'Ethereum (ERC20)',
    '--family',
    'evm',
    '--evm-chain-id',
    '1',
    '--sort',
    '2',
  ],
  [
    'config',
    'chain',
    'BEP20',
    '--name',
    'BNB Smart Chain (BEP20)',
    '--family',
    'evm',
    '--evm-chain-id',
    '56',
    '--sort',
    '3',
  ],
  ['config', 'chain', 'BTC', '--name', 'Bitcoin', '--family', 'bitcoin', '--sort', '4'],
  [
    'config',
    'coin',
    'USDT',
    '--name',
    'Tether USD',
    '--precision',
    '6',
    '--chains',
    'TRC20,ERC20,BEP20',
    '--sort',
    '1',
  ],
  ['config', 'coin', 'BTC', '--name', 'Bitcoin', '--precision', '8', '--chains', 'BTC', '--sort', '2'],
  ['config', 'coin', 'ETH', '--name', 'Ether', '--precision', '8', '--chains', 'ERC20', '--sort', '3'],
  ['config', 'coin', 'TRX', '--name', 'TRON', '--precision', '6', '--chains', 'TRC20', '--sort', '4'],
  ['config', 'coin', 'BNB', '--name', 'BNB', '--precision', '8', '--chains', 'BEP20', '--sort', '5'],
  // Switched on as the operator's intent; a feature is reported open only once its codes exist.
  ['config', 'feature', 'on', ...FEATURES],
  // Deposit keys of a published test mnemonic: they hold nothing (server/modules/deposit/demo-keys.ts).
  ['config', 'xpub', 'evm', DEMO_EVM_ACCOUNT_XPUB],
  ['config', 'xpub', 'tron', DEMO_TRON_ACCOUNT_XPUB],
  ['config', 'xpub', 'bitcoin', DEMO_BITCOIN_ACCOUNT_XPUB],
  // Withdrawal rules: a flat handling fee per coin and chain, as exchanges publish them.
  ['config', 'withdraw', 'USDT', 'TRC20', '--fee', '1', '--min', '10', '--max', '50000'],
  ['config', 'withdraw', 'USDT', 'ERC20', '--fee', '5', '--min', '20', '--max', '50000'],
  ['config', 'withdraw', 'USDT', 'BEP20', '--fee', '0.5', '--min', '10', '--max', '50000'],
  ['config', 'withdraw', 'BTC', 'BTC', '--fee', '0.0002', '--min', '0.001', '--max', '5'],
  ['config', 'withdraw', 'ETH', 'ERC20', '--fee', '0.002', '--min', '0.01', '--max', '100'],
  ['config', 'withdraw', 'TRX', 'TRC20', '--fee', '1', '--min', '20', '--max', '1000000'],
  ['config', 'withdraw', 'BNB', 'BEP20', '--fee', '0.0005', '--min', '0.01', '--max', '1000'],
  // The demo instrument set of the simulated market (server/modules/markets/instruments.ts).
  ...DEMO_INSTRUMENTS.map((i, sort) => [
    'config',
    'instrument',
    i.symbol,
    '--name',
    i.name,
    '--category',
    i.category,
    '--precision',
    String(i.precision),
    '--spread',
    i.spread,
    '--hours',
    JSON.stringify(i.hours),
    '--sort',
    String(sort + 1),
    ...(i.popular ? ['--popular'] : []),
  ]),
  // Flash exchange: USDT with BTC, ETH, TRX and BNB both ways, priced by the demo markets, and an
  // inventory in each coin for the exchange to pay from (docs/exchange.md).
  ...EXCHANGE_DEMO.flatMap(([coin, min, max]) => [
    demoPairCommand('USDT', coin, '10', '50000'),
    demoPairCommand(coin, 'USDT', min, max),
  ]),
  ...EXCHANGE_INVENTORY.map(([coin, amount]) => ['fund', 'exchange-inventory', coin, amount]),
  // Staking (docs/staking.md): plans in USDT and ETH, short ones redeemable early, and reward pools
  // that can promise their interest. The BTC plan has no funded pool, so it shows as sold out:
  // the app never promises interest nobody set aside.
  [
    'config',
    'staking-plan',
    'USDT',
    '7',
    '--apr',
    '6',
    '--min',
    '10',
    '--max',
    '10000',
    '--quota',
    '1000000',
    '--early-redemption',
    '--sort',
    '1',
  ],
  [
    'config',
    'staking-plan',
    'USDT',
    '30',
    '--apr',
    '12',
    '--min',
    '50',
    '--max',
    '50000',
    '--quota',
    '2000000',
    '--sort',
    '2',
  ],
  [
    'config',
    'staking-plan',
    'USDT',
    '90',
    '--apr',
    '18',
    '--min',
    '100',
    '--max',
    '100000',
    '--quota',
    '5000000',
    '--sort',
    '3',
  ],
  [
    'config',
    'staking-plan',
    'ETH',
    '30',
    '--apr',
    '4.5',
    '--min',
    '0.05',
    '--max',
    '20',
    '--quota',
    '500',
    '--early-redemption',
    '--sort',
    '4',
  ],
  [
    'config',
    'staking-plan',
    'ETH',
    '180',
    '--apr',
    '7.2',
    '--min',
    '0.1',
    '--max',
    '50',
    '--quota',
    '1000',
    '--sort',
    '5',
  ],
  [
    'config',
    'staking-plan',
    'BTC',
    '60',
    '--apr',
    '3',
    '--min',
    '0.001',
    '--max',
    '1',
    '--quota',
    '10',
    '--sort',
    '6',
  ],
  ['fund', 'staking-pool', 'USDT', '100000'],
  ['fund', 'staking-pool', 'ETH', '20'],
  // Cloud mining (docs/mining.md): machines, the coins they produce and pools to promise output from.
  ...DEMO_MINING_COMMANDS,
  // Trading (docs/trading.md): how each demo instrument trades, and the pool behind it.
  ...DEMO_TRADING_COMMANDS,
  // Referral (docs/referral.md): inviters earn 20 % and 10 % of the fees their invitees pay.
  ['config', 'referral', '--direct', '20', '--indirect', '10'],
  // example.com is reserved for examples: the demo says plainly that it has no real support desk.
  ['config', 'contact', 'email', 'support@example.com'],
  // Announcements about the demo itself; with no push subscriptions yet, nothing is sent.
  ...DEMO_ANNOUNCEMENT_COMMANDS,
];

/** True when the database holds no product configuration yet. */
export async function isUnconfigured(database: Database): Promise<boolean> {
  const [row] = await database.db.select({ n: count() }).from(coins);
  return (row?.n ?? 0) === 0;
}

export async function seedDemo(database: Database): Promise<number> {
  let ran = 0;
  // IDO times are set from the moment of seeding: one offering running, one coming.
  // Last, a first proof-of-solvency snapshot, so that /solvency opens on one (docs/solvency.md).
  for (const argv of [...DEMO_COMMANDS, ...demoIdoCommands(Date.now()), ['solvency', 'snapshot']]) {
    const result = await runAdminCommand(
      { argv: asFirstSetup([...argv, ...REASON]), actor: 'seed' },
      { database, via: 'direct' },
    );
    if (!result.ok) throw new Error(`demo seed failed at "${argv.join(' ')}": ${result.text}`);
    await result.background;
    ran += 1;
  }
  return ran;
}
