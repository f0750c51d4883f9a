/**
 * The demo faucet (code 10012): on the embedded demo start only, each wallet may take 1,000 demo
 * USDT once, booked as a system adjustment with the memo "demo faucet", so a newcomer can try
 * every feature at once. Screens label it as demo money.
 */
import { emptyForm } from '../../../protocol/validation.ts';
import type { Tx } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import { defineHandler, requireWallet } from '../../http/handler.ts';
import { credit, post } from '../../ledger/ledger.ts';

export const FAUCET_AMOUNT = '1000';
export const FAUCET_COIN = 'USDT';
export const FAUCET_MEMO = 'demo faucet';

export const faucetHandlers = [
  defineHandler({
    code: '10012',
    schema: emptyForm,
    async handle(ctx): Promise<{ coin: string; amount: string }> {
      if (!ctx.services.demo) throw new ApiError('not_open_yet');
      const wallet = requireWallet(ctx);
      const result = await post(ctx.db as Tx, {
        type: 'system_adjustment',
        // One key per wallet, ever: the ledger itself refuses a second helping.
        idempotencyKey: `faucet:${wallet}`,
        reference: `user:${wallet}`,
        memo: FAUCET_MEMO,
        postings: credit(wallet, 'adjustments', FAUCET_COIN, FAUCET_AMOUNT),
      });
      if (result.duplicate) throw new ApiError('faucet_used');
      return { coin: FAUCET_COIN, amount: FAUCET_AMOUNT };
    },
  }),
];
