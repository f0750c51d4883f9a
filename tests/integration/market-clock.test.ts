/** The clock tests give their server processes when they trade: every demo market open, any day. */
import { describe, expect, test } from 'vitest';
import { DEMO_INSTRUMENTS } from '../../server/modules/markets/instruments.ts';
import { isOpenAt } from '../../server/modules/markets/trading-sessions.ts';
import { DEMO_TRADING_COMMANDS } from '../../server/modules/trading/demo-rules.ts';
import { openMarketsClockEnv, openMarketsMoment } from '../helpers/market-clock.ts';

const DAY = 86_400_000;
// The instruments the demo trades (HK50 is listed but not traded: docs/trading.md).
const TRADED = new Set(DEMO_TRADING_COMMANDS.map((argv) => argv[2]));

describe('openMarketsMoment', () => {
  test('the demo trades at least the forex, index and crypto instruments', () => {
    expect([...TRADED]).toEqual(expect.arrayContaining(['EURUSD', 'SPX500', 'BTCUSDT']));
  });

  test('from every hour of two years (DST changes, New Year) it lands ahead, with every market open', () => {
    const start = Date.UTC(2026, 0, 1);
    for (let now = start; now < start + 730 * DAY; now += 3_600_000) {
      const moment = openMarketsMoment(now);
      expect(moment - now).toBeGreaterThan(0);
      expect(moment - now).toBeLessThanOrEqual(8 * DAY);
      expect(new Date(moment).toISOString().slice(11)).toBe('15:00:00.000Z');
      const closed = DEMO_INSTRUMENTS.filter((i) => TRADED.has(i.symbol) && !isOpenAt(i.hours, moment)).map(
        (i) => i.symbol,
      );
      expect(closed, new Date(moment).toISOString()).toEqual([]);
    }
  });

  test('the environment carries the offset from the wall clock to that moment', () => {
    const now = Date.UTC(2026, 10, 28, 0, 3); // a Saturday
    expect(openMarketsClockEnv(now)).toEqual({
      MERIDIAN_CLOCK_OFFSET_MS: String(Date.UTC(2026, 11, 2, 15) - now),
    });
  });
});
