/**
 * Binding instruments to live feeds (`admin config feed`, docs/markets.md "Live feeds"): the
 * binding is stored and read back as the live source's configuration, bad feeds are refused with
 * the usage and change nothing, `--feed none` returns an instrument to the simulated feed, and a
 * server configured with MARKET_FEED=live prices bound instruments live and the rest simulated.
 */
import { describe, expect, test } from 'vitest';
import { readBindings } from '../../server/modules/markets/live/feed-binding.ts';
import { configuredPriceSource } from '../../server/modules/markets/price-source.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { directAdmin } from '../helpers/direct-admin.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';

const XAU = '765d2ba906dbc32ca17cc11f5310a89e9ee1f6420508c63861f2f8ba4ee34bb2';
const feeds = {
  binanceStream: 'ws://127.0.0.1:1',
  binanceRest: 'http://127.0.0.1:1',
  pythUrl: 'http://127.0.0.1:1',
  pythKey: null,
};

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`config feed on ${target.name}`, () => {
    const env = useSeededApp(target);
    const admin = directAdmin(env);

    test('bindings are stored, refused when malformed, and removed with --feed none', async () => {
      const saved = await admin(
        'config',
        'feed',
        'BTCUSDT',
        '--feed',
        'binance:BTCUSDT',
        '--markup',
        '0.5',
        '--stale-seconds',
        '5',
        '--max-jump',
        '3',
      );
      expect(saved.ok, saved.text).toBe(true);
      await admin('config', 'feed', 'XAUUSD', '--feed', `pyth:0x${XAU.toUpperCase()}`);
      for (const bad of [
        ['BTCUSDT', '--feed', 'kraken:XBTUSD'],
        ['BTCUSDT', '--feed', 'pyth:1234'],
        ['BTCUSDT', '--feed', 'binance:BTCUSDT', '--max-jump', '0'],
        ['BTCUSDT', '--feed', 'binance:BTCUSDT', '--stale-seconds', '0'],
        ['NOPE', '--feed', 'binance:BTCUSDT'],
      ]) {
        const refused = await admin('config', 'feed', ...bad);
        expect(refused.ok, bad.join(' ')).toBe(false);
      }
      expect(await readBindings(env.database.db)).toEqual(
        new Map([
          [
            'BTCUSDT',
            {
              feed: { kind: 'binance', remote: 'BTCUSDT' },
              markup: '0.5',
              staleAfterMs: 5_000,
              maxJumpPercent: '3',
            },
          ],
          [
            'XAUUSD',
            { feed: { kind: 'pyth', id: XAU }, markup: '0', staleAfterMs: 10_000, maxJumpPercent: '5' },
          ],
        ]),
      );
      const live = await configuredPriceSource(env.database.db, {
        marketFeed: 'live',
        feeds,
        priceSeed: 't',
      });
      expect(live.simulated).toBe(false);
      expect([
        live.isSimulated?.('BTCUSDT'),
        live.isSimulated?.('XAUUSD'),
        live.isSimulated?.('ETHUSDT'),
      ]).toEqual([false, false, true]);
      const simulated = await configuredPriceSource(env.database.db, {
        marketFeed: 'simulated',
        feeds,
        priceSeed: 't',
      });
      expect(simulated.simulated).toBe(true);

      expect((await admin('config', 'feed', 'XAUUSD', '--feed', 'none')).ok).toBe(true);
      expect([...(await readBindings(env.database.db)).keys()]).toEqual(['BTCUSDT']);
    });
  });
}
