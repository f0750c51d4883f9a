/** Operator deposit commands: deposit keys (xpubs) and crediting a deposit seen on chain. */
import { isAddress } from 'viem';
import { findUser } from '../../modules/account/account.repository.ts';
import { readSetting, writeSetting } from '../../modules/config/config.repository.ts';
import {
  advanceDeposit,
  DEPOSIT_XPUBS_SETTING,
  DepositError,
  type DepositXpubs,
  detectDeposit,
} from '../../modules/deposit/deposit.service.ts';
import { validateXpub } from '../../modules/deposit/derive.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';
import { valueOptions } from '../options.ts';

export const configXpubCommand: AdminCommand = {
  name: 'config xpub',
  summary: 'Set the account-level extended PUBLIC key deposit addresses are derived from',
  usage: "config xpub <evm|tron|bitcoin> <xpub…>   (m/44'/60'/0', m/44'/195'/0', m/84'/0'/0'; never an xprv)",
  mutating: true,
  options: {},
  async run(ctx, { positionals }) {
    const [family, xpub] = positionals;
    if (family !== 'evm' && family !== 'tron' && family !== 'bitcoin')
      throw new AdminUsageError('family must be evm, tron or bitcoin');
    try {
      validateXpub(xpub ?? '');
    } catch (error) {
      throw new AdminUsageError((error as Error).message);
    }
    const current = (await readSetting<DepositXpubs>(ctx.db, DEPOSIT_XPUBS_SETTING)) ?? {};
    if (current[family] && current[family] !== xpub) {
      // Changing the key moves every user's address; old addresses stay watched by the operator.
      throw new AdminUsageError(
        `a ${family} key is already set; deposit addresses must not change under users`,
      );
    }
    await writeSetting(ctx.db, DEPOSIT_XPUBS_SETTING, { ...current, [family]: xpub });
    return { text: `${family} deposit key set`, json: { family } };
  },
};

export const depositCommand: AdminCommand<true> = {
  name: 'deposit',
  summary: 'Credit a deposit seen on chain (detected -> confirming -> credited); a txid counts once',
  usage: 'deposit --address <wallet> --coin <COIN> --chain <CHAIN> --amount <n> --txid <txid> [--reason "…"]',
  mutating: true,
  defaultReason: ({ values }) => `deposit seen on chain: ${String(values.txid ?? '')}`,
  options: valueOptions('address', 'coin', 'chain', 'amount', 'txid'),
  async run(ctx, { values }) {
    const wallet = String(values.address ?? '');
    if (!isAddress(wallet, { strict: false }))
      throw new AdminUsageError('--address must be the user’s wallet address');
    const tx = ctx.db;
    if (!(await findUser(tx, wallet)))
      throw new AdminUsageError(`no user with wallet ${wallet}: they sign in first`);
    try {
      const id = await detectDeposit(tx, {
        wallet,
        coin: String(values.coin ?? ''),
        chain: String(values.chain ?? ''),
        amount: String(values.amount ?? ''),
        txid: String(values.txid ?? ''),
      });
      await advanceDeposit(tx, id, 'confirming');
      await advanceDeposit(tx, id, 'credited');
      return {
        text: `deposit ${id} credited: ${values.amount} ${values.coin} to ${wallet}`,
        json: { id, status: 'credited' },
      };
    } catch (error) {
      if (error instanceof DepositError) throw new AdminUsageError(error.message);
      throw error;
    }
  },
};
