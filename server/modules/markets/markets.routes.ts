import { DomainError } from '../../../protocol/domain-error.ts';
import type { Candle, InstrumentDetails } from '../../../protocol/markets.ts';
import type { TradingRules } from '../../../protocol/trading.ts';
import type { DbOrTx } from '../../db/client.ts';
import { defineHandler, type HandlerContext, JsonText } from '../../http/handler.ts';
import type { MarketEngine } from './engine.ts';

/**
 * How the instrument page (10071) reads an instrument's trading rules, or null when it cannot be
 * traded. The rules are the trading module's, which builds on this one: server/modules/index.ts
 * passes its reader in, so markets imports nothing of trading.
 */
export type TradingRulesReader = (db: DbOrTx, symbol: string) => Promise<TradingRules | null>;

function engineOf(ctx: HandlerContext): MarketEngine {
  if (!ctx.services.markets) throw new DomainError('not_open_yet');
  return ctx.services.markets;
}

async function instrumentOf(engine: MarketEngine, symbol: string) {
  const instrument = await engine.instrument(symbol);
  if (!instrument) throw new DomainError('not_found');
  return instrument;
}

export const marketHandlers = (tradingRulesOf: TradingRulesReader) => [
  defineHandler({
    code: '10068',
    // MarketRow[] as JSON text, serialized once per cached list.
    handle: async (ctx, input): Promise<JsonText> =>
      new JsonText(await engineOf(ctx).marketListJson(input.category)),
  }),
  defineHandler({
    code: '10069',
    async handle(ctx, input): Promise<Candle[]> {
      const engine = engineOf(ctx);
      return engine.candles(await instrumentOf(engine, input.symbol), input.interval, input.end, input.limit);
    },
  }),
  defineHandler({
    code: '10071',
    async handle(ctx, input): Promise<InstrumentDetails> {
      const engine = engineOf(ctx);
      const instrument = await instrumentOf(engine, input.symbol);
      return {
        instrument,
        quote: engine.quote(instrument.symbol),
        trading: await tradingRulesOf(ctx.db, instrument.symbol),
        simulated: engine.isSimulated(instrument.symbol),
      };
    },
  }),
];
