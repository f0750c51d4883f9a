import { describe, expect, test } from 'vitest';
import { decodeScaled, hermesHeaders, parseUpdate, quoteFromOracle, streamUrl } from './pyth-messages.ts';

const ETH = 'ff61491a931112ddf1bd8147cd1b641375f79f5825126d665480874634fd0ace';
// The example answer of Pyth's Hermes documentation, in the v2 `parsed` envelope.
const update = (entries: unknown[]) =>
  JSON.stringify({ binary: { encoding: 'hex', data: ['00'] }, parsed: entries });
const entry = {
  id: ETH,
  price: { price: '184136023127', conf: '177166324', expo: -8, publish_time: 1692110601 },
  ema_price: { price: '184100641000', conf: '178704085', expo: -8, publish_time: 1692110601 },
  metadata: { slot: 1, proof_available_time: 1692110602, prev_publish_time: 1692110600 },
};

describe('Hermes price updates', () => {
  test('price and conf decoded exactly from integer and exponent', () => {
    expect(parseUpdate(update([entry]))).toEqual([
      { id: ETH, price: '1841.36023127', conf: '1.77166324', publishedAt: 1692110601000 },
    ]);
    expect(decodeScaled('-5', -3)).toBe('-0.005');
    expect(decodeScaled('12', 2)).toBe('1200');
    expect(decodeScaled('100000000', -8)).toBe('1');
  });

  test('malformed events and entries give no prices', () => {
    expect(parseUpdate('data')).toEqual([]);
    expect(parseUpdate('{"parsed":{}}')).toEqual([]);
    const bad = [
      { ...entry, id: 'xyz' },
      { ...entry, price: { ...entry.price, price: 184.1 } },
      { ...entry, price: { ...entry.price, conf: '-1' } },
      { ...entry, price: { ...entry.price, expo: -8.5 } },
    ];
    expect(parseUpdate(update([...bad, { ...entry, id: `0x${ETH.toUpperCase()}` }]))).toHaveLength(1);
  });

  test('bid and ask: the price less and plus its confidence and half the markup, rounded outward', () => {
    expect(quoteFromOracle({ price: '1.08505', conf: '0.00002' }, '0.00006', 5)).toEqual({
      bid: '1.085',
      ask: '1.0851',
    });
    expect(quoteFromOracle({ price: '1841.36023127', conf: '1.77166324' }, '0', 2)).toEqual({
      bid: '1839.58',
      ask: '1843.14',
    });
    expect(quoteFromOracle({ price: '1', conf: '1' }, '0', 2)).toBeNull();
  });

  test('URLs and the bearer key', () => {
    expect(streamUrl('https://hermes.example/', [ETH])).toBe(
      `https://hermes.example/v2/updates/price/stream?ids[]=${ETH}&parsed=true`,
    );
    expect(hermesHeaders('k1')).toEqual({ authorization: 'Bearer k1', accept: 'text/event-stream' });
    expect(hermesHeaders(null)).toEqual({ accept: 'text/event-stream' });
  });
});
