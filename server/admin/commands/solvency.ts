/** Operator solvency commands (docs/solvency.md): take a snapshot now, declare reserve addresses, list. */
import { isAddress } from 'viem';
import { chainRpcUrls } from '../../modules/chain-watch/chain-watch.job.ts';
import { chainReserveReader } from '../../modules/solvency/reserves.ts';
import {
  declareReserve,
  listReserves,
  listSnapshotsForOperators,
  SnapshotRefused,
  takeSnapshot,
} from '../../modules/solvency/solvency.service.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';
import { need, valueOptions } from '../options.ts';

export const solvencySnapshotCommand: AdminCommand = {
  name: 'solvency snapshot',
  summary:
    "Take a liabilities snapshot now (Merkle sum tree over every user's balances) and read the reserves",
  usage: 'solvency snapshot',
  // Transactions of its own: one repeatable-read to read, then bounded chunks to store (the
  // daily job takes the same path).
  mutating: false,
  options: {},
  async run(ctx) {
    try {
      const readReserve = chainReserveReader(ctx.database.db, chainRpcUrls(process.env));
      const snapshot = await takeSnapshot(ctx.database, { at: new Date(), readReserve });
      // Without a day, only the lock held by another process's snapshot stops this one.
      if (!snapshot) throw new AdminUsageError('no snapshot was taken: another process is taking one');
      const lines = snapshot.coins.map(
        (c) =>
          `  ${c.coin}: liabilities ${c.liabilities}, reserves ${c.reserves ?? 'not attested'}${c.ratio ? ` (ratio ${c.ratio})` : ''}`,
      );
      return {
        text: [
          `snapshot ${snapshot.id}: ${snapshot.userCount} users, root ${snapshot.rootHash}`,
          ...lines,
        ].join('\n'),
        json: snapshot,
      };
    } catch (error) {
      if (error instanceof SnapshotRefused) throw new AdminUsageError(`snapshot refused: ${error.message}`);
      throw error;
    }
  },
};

export const solvencyReserveCommand: AdminCommand = {
  name: 'solvency reserve',
  summary: 'Declare a reserve address of a coin on a chain; each snapshot reads its balance on chain',
  usage: 'solvency reserve --chain ERC20 --coin USDT --address 0x… --reason "…"',
  mutating: true,
  options: valueOptions('chain', 'coin', 'address'),
  async run(ctx, { values }) {
    const chain = need(values.chain, '--chain');
    const coin = need(values.coin, '--coin');
    const address = need(values.address, '--address');
    if (!isAddress(address, { strict: false }))
      throw new AdminUsageError('--address must be an EVM address (0x…)');
    await declareReserve(ctx.db, { chain, coin, address: address.toLowerCase() });
    return { text: `reserve ${coin} on ${chain}: ${address.toLowerCase()}`, json: { chain, coin, address } };
  },
};

export const solvencyListCommand: AdminCommand = {
  name: 'solvency list',
  summary: 'The latest snapshots and the declared reserve addresses',
  usage: 'solvency list',
  mutating: false,
  options: {},
  async run(ctx) {
    // With the journal checkpoint each kept (docs/solvency.md, "The journal's check").
    const snapshots = await listSnapshotsForOperators(ctx.db, 10);
    const reserves = await listReserves(ctx.db);
    return {
      text:
        [
          ...snapshots.map(
            (s) =>
              `snapshot ${s.id} ${new Date(s.takenAt).toISOString()} users ${s.userCount} root ${s.rootHash} ` +
              (s.journalThrough === null
                ? 'no journal checkpoint'
                : `journal checkpoint at posting ${s.journalThrough}`),
          ),
          ...reserves.map((r) => `reserve ${r.coin} on ${r.chain}: ${r.address}`),
        ].join('\n') || 'no snapshots, no reserves',
      json: { snapshots, reserves },
    };
  },
};
