import { describe, expect, test } from 'vitest';
import type { Candle, Interval, TradingHours } from '../../../protocol/markets.ts';
import { aggregate } from './candle-aggregation.ts';
import { DAY } from './durations.ts';
import { DEMO_INSTRUMENTS } from './instruments.ts';
import { bucketShift, bucketStart } from './interval-buckets.ts';
import { wallToUtc } from './time-zones.ts';
import {
  calendarOf,
  dayStart,
  type TradingCalendar,
  tradingDayOf,
  UTC_CALENDAR,
} from './trading-calendar.ts';
import { isOpenAt, nextSession, previousSession, sessionAt } from './trading-sessions.ts';

const ms = (text: string): number => {
  const value = Date.parse(text);
  if (Number.isNaN(value)) throw new Error(`bad date ${text}`);
  return value;
};
const iso = (value: number): string => new Date(value).toISOString();

function hoursOf(symbol: string): TradingHours {
  const found = DEMO_INSTRUMENTS.find((instrument) => instrument.symbol === symbol);
  if (!found) throw new Error(`no ${symbol}`);
  return found.hours;
}

const NEW_YORK = 'America/New_York';
const LONDON = 'Europe/London';
const FOREX = calendarOf(hoursOf('EURUSD'));
const NY_CASH = calendarOf(hoursOf('SPX500'));

function bar(time: string, open: string, high: string, low: string, close: string, volume: string): Candle {
  return { time: ms(time), open, high, low, close, volume };
}

const start = (interval: Interval, at: string, calendar: TradingCalendar | string): string =>
  iso(bucketStart(interval, ms(at), calendar));

describe('intraday intervals are aligned in UTC', () => {
  test('a bar exactly on a boundary opens the new bucket', () => {
    expect(start('5m', '2026-05-12T10:05:00.000Z', 'UTC')).toBe('2026-05-12T10:05:00.000Z');
    expect(start('5m', '2026-05-12T10:04:59.999Z', 'UTC')).toBe('2026-05-12T10:00:00.000Z');
    expect(start('3m', '2026-05-12T10:02:00Z', 'UTC')).toBe('2026-05-12T10:00:00.000Z');
    expect(start('3m', '2026-05-12T10:03:00Z', 'UTC')).toBe('2026-05-12T10:03:00.000Z');
    expect(start('15m', '2026-05-12T10:44:59Z', 'UTC')).toBe('2026-05-12T10:30:00.000Z');
    expect(start('30m', '2026-05-12T10:30:00Z', 'UTC')).toBe('2026-05-12T10:30:00.000Z');
    expect(start('1h', '2026-05-12T10:59:59Z', 'UTC')).toBe('2026-05-12T10:00:00.000Z');
    expect(start('4h', '2026-05-12T03:59:59Z', 'UTC')).toBe('2026-05-12T00:00:00.000Z');
    expect(start('4h', '2026-05-12T04:00:00Z', 'UTC')).toBe('2026-05-12T04:00:00.000Z');
    expect(start('4h', '2026-05-12T23:59:00Z', 'UTC')).toBe('2026-05-12T20:00:00.000Z');
  });

  test('the time zone does not move intraday buckets, even on a daylight-saving day', () => {
    expect(start('1h', '2026-03-08T07:30:00Z', NEW_YORK)).toBe('2026-03-08T07:00:00.000Z');
    expect(start('4h', '2026-03-29T01:30:00Z', LONDON)).toBe('2026-03-29T00:00:00.000Z');
  });

  test('open is the first, high the highest, low the lowest, close the last, volume the exact sum', () => {
    const bars = [
      bar('2026-05-12T10:00:00Z', '100.00', '101.00', '99.50', '100.50', '0.1'),
      bar('2026-05-12T10:01:00Z', '100.50', '101.50', '100.20', '101.20', '0.2'),
      bar('2026-05-12T10:04:00Z', '101.20', '101.30', '99.10', '99.90', '1.25'),
      bar('2026-05-12T10:05:00Z', '99.90', '100.10', '99.80', '100.00', '2'),
      bar('2026-05-12T10:09:00Z', '100.00', '100.40', '99.95', '100.30', '0.7'),
      bar('2026-05-12T10:10:00Z', '100.30', '100.35', '100.25', '100.25', '3'),
    ];
    expect(aggregate(bars, '5m', 'UTC')).toEqual([
      {
        time: ms('2026-05-12T10:00:00Z'),
        open: '100.00',
        high: '101.50',
        low: '99.10',
        close: '99.90',
        volume: '1.55',
      },
      {
        time: ms('2026-05-12T10:05:00Z'),
        open: '99.90',
        high: '100.40',
        low: '99.80',
        close: '100.30',
        volume: '2.7',
      },
      {
        time: ms('2026-05-12T10:10:00Z'),
        open: '100.30',
        high: '100.35',
        low: '100.25',
        close: '100.25',
        volume: '3',
      },
    ]);
    // 0.1 + 0.2 is 0.3 here, not 0.30000000000000004.
    expect(aggregate(bars.slice(0, 2), '1h', 'UTC')[0]?.volume).toBe('0.3');
    expect(aggregate([...bars].reverse(), '5m', 'UTC')).toEqual(aggregate(bars, '5m', 'UTC'));
    expect(aggregate(bars, '1m', 'UTC')).toEqual(bars);
    expect(aggregate([], '1D', 'UTC')).toEqual([]);
  });
});

describe('daily and weekly buckets across daylight saving', () => {
  test('New York: the day of 2026-03-08 has 23 hours, the day of 2026-11-01 has 25', () => {
    expect(start('1D', '2026-03-08T04:59:59Z', NEW_YORK)).toBe('2026-03-07T05:00:00.000Z');
    expect(start('1D', '2026-03-08T05:00:00Z', NEW_YORK)).toBe('2026-03-08T05:00:00.000Z');
    expect(start('1D', '2026-03-09T03:59:59Z', NEW_YORK)).toBe('2026-03-08T05:00:00.000Z');
    expect(start('1D', '2026-03-09T04:00:00Z', NEW_YORK)).toBe('2026-03-09T04:00:00.000Z');
    expect(start('1D', '2026-11-01T04:00:00Z', NEW_YORK)).toBe('2026-11-01T04:00:00.000Z');
    expect(start('1D', '2026-11-02T04:59:59Z', NEW_YORK)).toBe('2026-11-01T04:00:00.000Z');
    expect(start('1D', '2026-11-02T05:00:00Z', NEW_YORK)).toBe('2026-11-02T05:00:00.000Z');
  });

  test('London: 2026-03-29 and 2026-10-25', () => {
    expect(start('1D', '2026-03-29T22:59:59Z', LONDON)).toBe('2026-03-29T00:00:00.000Z');
    expect(start('1D', '2026-03-29T23:00:00Z', LONDON)).toBe('2026-03-29T23:00:00.000Z');
    expect(start('1D', '2026-10-24T23:00:00Z', LONDON)).toBe('2026-10-24T23:00:00.000Z');
    expect(start('1D', '2026-10-25T23:59:59Z', LONDON)).toBe('2026-10-24T23:00:00.000Z');
    expect(start('1D', '2026-10-26T00:00:00Z', LONDON)).toBe('2026-10-26T00:00:00.000Z');
  });

  test('weeks start on Monday in the zone, whatever the offset that week', () => {
    expect(start('1w', '2026-03-09T03:59:59Z', NEW_YORK)).toBe('2026-03-02T05:00:00.000Z');
    expect(start('1w', '2026-03-09T04:00:00Z', NEW_YORK)).toBe('2026-03-09T04:00:00.000Z');
    expect(start('1w', '2026-11-02T04:59:59Z', NEW_YORK)).toBe('2026-10-26T04:00:00.000Z');
    expect(start('1w', '2026-11-02T05:00:00Z', NEW_YORK)).toBe('2026-11-02T05:00:00.000Z');
    expect(start('1w', '2026-03-29T22:59:59Z', LONDON)).toBe('2026-03-23T00:00:00.000Z');
    expect(start('1w', '2026-03-29T23:00:00Z', LONDON)).toBe('2026-03-29T23:00:00.000Z');
    expect(start('1w', '2026-10-26T00:00:00Z', LONDON)).toBe('2026-10-26T00:00:00.000Z');
    expect(start('1w', '2026-10-25T23:59:59Z', LONDON)).toBe('2026-10-18T23:00:00.000Z');
  });

  test('a forex trading day runs 17:00 to 17:00 New York and belongs to the date it closes', () => {
    expect(FOREX).toEqual({ timeZone: NEW_YORK, dayOffset: -420, days: [1, 2, 3, 4, 5] });
    // Sunday 17:00 EDT, a few hours after the clocks went forward, starts Monday's trading day.
    expect(start('1D', '2026-03-09T14:00:00Z', FOREX)).toBe('2026-03-08T21:00:00.000Z');
    expect(start('1D', '2026-03-08T21:00:00Z', FOREX)).toBe('2026-03-08T21:00:00.000Z');
    expect(start('1D', '2026-03-06T21:59:59Z', FOREX)).toBe('2026-03-05T22:00:00.000Z');
    expect(start('1w', '2026-03-11T16:00:00Z', FOREX)).toBe('2026-03-08T21:00:00.000Z');
    // After the clocks went back, Sunday 17:00 EST is 22:00 UTC.
    expect(start('1D', '2026-11-02T15:00:00Z', FOREX)).toBe('2026-11-01T22:00:00.000Z');
    expect(start('1w', '2026-11-06T21:59:00Z', FOREX)).toBe('2026-11-01T22:00:00.000Z');
    expect(tradingDayOf(ms('2026-03-08T21:00:00Z'), FOREX)).toBe(ms('2026-03-09T00:00:00Z') / DAY);
  });

  test('daily bars aggregate into weeks across the change', () => {
    const daily: Candle[] = [];
    for (let d = ms('2026-03-02T00:00:00Z') / DAY; d < ms('2026-03-14T00:00:00Z') / DAY; d++) {
      daily.push({
        time: dayStart(d, NEW_YORK),
        open: '1',
        high: '2',
        low: '0.5',
        close: '1.5',
        volume: '1',
      });
    }
    const weeks = aggregate(daily, '1w', NEW_YORK);
    expect(weeks.map((week) => [iso(week.time), week.volume])).toEqual([
      ['2026-03-02T05:00:00.000Z', '7'],
      ['2026-03-09T04:00:00.000Z', '5'],
    ]);
  });
});

describe('trading hours across daylight saving', () => {
  const session = (symbol: string, at: string): [string, string] | null => {
    const found = sessionAt(hoursOf(symbol), ms(at));
    return found ? [iso(found.open), iso(found.close)] : null;
  };

  test('New York cash indices open 09:30 to 16:00 local', () => {
    expect(session('SPX500', '2026-03-06T15:00:00Z')).toEqual([
      '2026-03-06T14:30:00.000Z',
      '2026-03-06T21:00:00.000Z',
    ]);
    expect(session('SPX500', '2026-03-09T15:00:00Z')).toEqual([
      '2026-03-09T13:30:00.000Z',
      '2026-03-09T20:00:00.000Z',
    ]);
    expect(session('SPX500', '2026-10-30T15:00:00Z')).toEqual([
      '2026-10-30T13:30:00.000Z',
      '2026-10-30T20:00:00.000Z',
    ]);
    expect(session('SPX500', '2026-11-02T15:00:00Z')).toEqual([
      '2026-11-02T14:30:00.000Z',
      '2026-11-02T21:00:00.000Z',
    ]);
    const spx = hoursOf('SPX500');
    expect(isOpenAt(spx, ms('2026-03-09T13:29:59Z'))).toBe(false);
    expect(isOpenAt(spx, ms('2026-03-09T13:30:00Z'))).toBe(true);
    expect(isOpenAt(spx, ms('2026-03-09T19:59:59Z'))).toBe(true);
    expect(isOpenAt(spx, ms('2026-03-09T20:00:00Z'))).toBe(false);
    expect(isOpenAt(spx, ms('2026-03-07T15:00:00Z'))).toBe(false);
    expect(NY_CASH).toEqual({ timeZone: NEW_YORK, dayOffset: 0, days: [1, 2, 3, 4, 5] });
  });

  test('forex closes Friday 17:00 and reopens Sunday 17:00 New York', () => {
    const fx = hoursOf('EURUSD');
    expect(iso(previousSession(fx, ms('2026-03-07T12:00:00Z'))?.close ?? 0)).toBe('2026-03-06T22:00:00.000Z');
    const spring = nextSession(fx, ms('2026-03-07T12:00:00Z'));
    expect(spring && [iso(spring.open), iso(spring.close)]).toEqual([
      '2026-03-08T21:00:00.000Z',
      '2026-03-09T21:00:00.000Z',
    ]);
    expect(isOpenAt(fx, ms('2026-03-08T20:59:59Z'))).toBe(false);
    expect(isOpenAt(fx, ms('2026-03-08T21:00:00Z'))).toBe(true);
    expect(iso(previousSession(fx, ms('2026-10-31T12:00:00Z'))?.close ?? 0)).toBe('2026-10-30T21:00:00.000Z');
    expect(iso(nextSession(fx, ms('2026-10-31T12:00:00Z'))?.open ?? 0)).toBe('2026-11-01T22:00:00.000Z');
    // Monday to Thursday the sessions follow each other without a gap.
    expect(isOpenAt(fx, ms('2026-03-10T21:00:00Z'))).toBe(true);
    expect(isOpenAt(fx, ms('2026-03-10T20:59:59Z'))).toBe(true);
  });

  test('Brent in London: 01:00 to 23:00 local', () => {
    expect(session('UKOIL', '2026-03-27T12:00:00Z')).toEqual([
      '2026-03-27T01:00:00.000Z',
      '2026-03-27T23:00:00.000Z',
    ]);
    expect(session('UKOIL', '2026-03-30T12:00:00Z')).toEqual([
      '2026-03-30T00:00:00.000Z',
      '2026-03-30T22:00:00.000Z',
    ]);
    expect(session('UKOIL', '2026-10-23T12:00:00Z')).toEqual([
      '2026-10-23T00:00:00.000Z',
      '2026-10-23T22:00:00.000Z',
    ]);
    expect(session('UKOIL', '2026-10-26T12:00:00Z')).toEqual([
      '2026-10-26T01:00:00.000Z',
      '2026-10-26T23:00:00.000Z',
    ]);
    expect(session('UKOIL', '2026-03-29T12:00:00Z')).toBeNull();
  });

  test('Hong Kong has no daylight saving; WTI breaks an hour each evening', () => {
    expect(session('HK50', '2026-03-09T03:00:00Z')).toEqual([
      '2026-03-09T01:30:00.000Z',
      '2026-03-09T08:00:00.000Z',
    ]);
    expect(session('USOIL', '2026-03-09T21:30:00Z')).toBeNull();
    expect(session('USOIL', '2026-03-09T22:00:00Z')).toEqual([
      '2026-03-09T22:00:00.000Z',
      '2026-03-10T21:00:00.000Z',
    ]);
    expect(session('BTCUSDT', '2026-03-08T07:00:00Z')).toEqual([
      '2026-03-08T00:00:00.000Z',
      '2026-03-09T00:00:00.000Z',
    ]);
  });

  test('wall times in a gap move forward; repeated wall times take the first occurrence', () => {
    expect(iso(wallToUtc(ms('2026-03-08T02:30:00Z'), NEW_YORK))).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(wallToUtc(ms('2026-11-01T01:30:00Z'), NEW_YORK))).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(wallToUtc(ms('2026-10-25T01:30:00Z'), LONDON))).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe('month, quarter, half-year and five-day buckets', () => {
  test('months start on the 1st in the zone', () => {
    expect(start('1M', '2026-04-01T03:59:59Z', NEW_YORK)).toBe('2026-03-01T05:00:00.000Z');
    expect(start('1M', '2026-04-01T04:00:00Z', NEW_YORK)).toBe('2026-04-01T04:00:00.000Z');
    expect(start('1M', '2026-02-28T23:59:59.999Z', UTC_CALENDAR)).toBe('2026-02-01T00:00:00.000Z');
    expect(start('1M', '2026-03-01T00:00:00Z', UTC_CALENDAR)).toBe('2026-03-01T00:00:00.000Z');
    // A forex month starts with the trading day of the 1st: 17:00 New York the evening before.
    expect(start('1M', '2026-03-31T20:59:59Z', FOREX)).toBe('2026-02-28T22:00:00.000Z');
    expect(start('1M', '2026-03-31T21:00:00Z', FOREX)).toBe('2026-03-31T21:00:00.000Z');
  });

  test('quarters start in January, April, July and October; halves in January and July', () => {
    expect(start('3M', '2026-07-01T03:59:59Z', NEW_YORK)).toBe('2026-04-01T04:00:00.000Z');
    expect(start('3M', '2026-07-01T04:00:00Z', NEW_YORK)).toBe('2026-07-01T04:00:00.000Z');
    expect(start('3M', '2026-12-31T23:00:00Z', NEW_YORK)).toBe('2026-10-01T04:00:00.000Z');
    expect(start('3M', '2027-01-01T05:00:00Z', NEW_YORK)).toBe('2027-01-01T05:00:00.000Z');
    expect(start('3M', '2026-02-15T00:00:00Z', UTC_CALENDAR)).toBe('2026-01-01T00:00:00.000Z');
    expect(start('6M', '2026-07-01T03:59:59Z', NEW_YORK)).toBe('2026-01-01T05:00:00.000Z');
    expect(start('6M', '2026-07-01T04:00:00Z', NEW_YORK)).toBe('2026-07-01T04:00:00.000Z');
    expect(start('6M', '2027-01-01T04:59:59Z', NEW_YORK)).toBe('2026-07-01T04:00:00.000Z');
    expect(start('6M', '2027-01-01T05:00:00Z', NEW_YORK)).toBe('2027-01-01T05:00:00.000Z');
  });

  test('a year of daily bars makes 12 months, 4 quarters and 2 halves with the right edges', () => {
    const daily: Candle[] = [];
    for (let d = ms('2026-01-01T00:00:00Z') / DAY; d < ms('2027-01-01T00:00:00Z') / DAY; d++) {
      const price = String(100 + (d % 37));
      daily.push({ time: d * DAY, open: price, high: price, low: price, close: price, volume: '1' });
    }
    const months = aggregate(daily, '1M', UTC_CALENDAR);
    expect(months).toHaveLength(12);
    expect(months.map((m) => m.volume)).toEqual([
      '31',
      '28',
      '31',
      '30',
      '31',
      '30',
      '31',
      '31',
      '30',
      '31',
      '30',
      '31',
    ]);
    expect(months[2]?.open).toBe(daily[59]?.open);
    expect(months[2]?.close).toBe(daily[89]?.close);
    expect(aggregate(daily, '3M', UTC_CALENDAR).map((q) => [iso(q.time), q.volume])).toEqual([
      ['2026-01-01T00:00:00.000Z', '90'],
      ['2026-04-01T00:00:00.000Z', '91'],
      ['2026-07-01T00:00:00.000Z', '92'],
      ['2026-10-01T00:00:00.000Z', '92'],
    ]);
    expect(aggregate(daily, '6M', UTC_CALENDAR).map((h) => [iso(h.time), h.volume])).toEqual([
      ['2026-01-01T00:00:00.000Z', '181'],
      ['2026-07-01T00:00:00.000Z', '184'],
    ]);
  });

  test('5D groups five consecutive trading days from a fixed anchor', () => {
    // Every day trades (crypto): groups of five calendar days from Monday 1970-01-05.
    const starts = new Map<number, number>();
    for (let d = ms('2026-01-01T00:00:00Z') / DAY; d < ms('2026-03-01T00:00:00Z') / DAY; d++) {
      const group = bucketStart('5D', d * DAY + 3_600_000, UTC_CALENDAR);
      expect((group / DAY - 4) % 5).toBe(0);
      expect(d * DAY - group).toBeLessThan(5 * DAY);
      starts.set(group, (starts.get(group) ?? 0) + 1);
    }
    expect([...starts.values()].slice(1, -1).every((count) => count === 5)).toBe(true);
    // Weekdays only: five trading days are Monday to Friday, so 5D meets 1w, across the DST change.
    for (const at of ['2026-03-06T15:00:00Z', '2026-03-09T15:00:00Z', '2026-03-13T15:00:00Z']) {
      expect(start('5D', at, NY_CASH)).toBe(start('1w', at, NY_CASH));
      expect(start('5D', at, FOREX)).toBe(start('1w', at, FOREX));
    }
  });

  test('bucketShift steps whole buckets, trading days for 1D', () => {
    expect(iso(bucketShift('4h', ms('2026-03-08T05:00:00Z'), -2, 'UTC'))).toBe('2026-03-07T20:00:00.000Z');
    expect(iso(bucketShift('1D', ms('2026-03-09T15:00:00Z'), -1, NY_CASH))).toBe('2026-03-06T05:00:00.000Z');
    expect(iso(bucketShift('1D', ms('2026-03-07T15:00:00Z'), -1, NY_CASH))).toBe('2026-03-06T05:00:00.000Z');
    expect(iso(bucketShift('1D', ms('2026-03-07T15:00:00Z'), 1, NY_CASH))).toBe('2026-03-09T04:00:00.000Z');
    expect(iso(bucketShift('1D', ms('2026-03-07T15:00:00Z'), 1, UTC_CALENDAR))).toBe(
      '2026-03-08T00:00:00.000Z',
    );
    expect(iso(bucketShift('1w', ms('2026-03-04T15:00:00Z'), 1, NEW_YORK))).toBe('2026-03-09T04:00:00.000Z');
    expect(iso(bucketShift('5D', ms('2026-03-04T15:00:00Z'), 1, NY_CASH))).toBe('2026-03-09T04:00:00.000Z');
    expect(iso(bucketShift('1M', ms('2026-03-15T15:00:00Z'), -13, NEW_YORK))).toBe(
      '2025-02-01T05:00:00.000Z',
    );
    expect(iso(bucketShift('3M', ms('2026-03-15T15:00:00Z'), 2, NEW_YORK))).toBe('2026-07-01T04:00:00.000Z');
    expect(iso(bucketShift('6M', ms('2026-03-15T15:00:00Z'), -1, UTC_CALENDAR))).toBe(
      '2025-07-01T00:00:00.000Z',
    );
  });
});
