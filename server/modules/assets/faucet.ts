import { DomainError } from '../../../protocol/domain-error.ts';
import { defineHandler } from '../../http/handler.ts';
import { credit, post } from '../../ledger/ledger.ts';

export const FAUCET_AMOUNT = '1000';
export const FAUCET_COIN = 'USDT';
export const FAUCET_MEMO = 'demo faucet';

/** The faucet's journal key: one per wallet (lower case), ever. */
export const faucetKey = (wallet: string) => `faucet:${wallet.toLowerCase()}`;

export const faucetHandlers = [
  defineHandler({
    code: '10012',
    async handle(ctx): Promise<{ coin: string; amount: string }> {
      if (!ctx.services.demo) throw new DomainError('not_open_yet');
      const wallet = ctx.wallet;
      const result = await post(ctx.db, {
        type: 'system_adjustment',
        // One key per wallet, ever: the ledger itself refuses a second helping.
        idempotencyKey: faucetKey(wallet),
        reference: `user:${wallet}`,
        memo: FAUCET_MEMO,
        postings: credit(wallet, 'adjustments', FAUCET_COIN, FAUCET_AMOUNT),
      });
      if (result.duplicate) throw new DomainError('faucet_used');
      return { coin: FAUCET_COIN, amount: FAUCET_AMOUNT };
    },
  }),
];
