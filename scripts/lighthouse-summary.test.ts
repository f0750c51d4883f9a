import { describe, expect, it } from 'vitest';
import { median, strayLandings } from './lighthouse-summary.ts';

describe('the median of a page’s runs', () => {
  it('is the middle score of an odd number of runs, whatever their order', () => {
    expect(median([0.99, 0.84, 0.97, 0.98, 0.96])).toBe(0.97);
    expect(median([0.93])).toBe(0.93);
  });

  it('is the mean of the two middle scores of an even number, and ignores missing ones', () => {
    expect(median([0.9, 1, undefined, 0.8, 0.95])).toBeCloseTo(0.925);
    expect(median([undefined])).toBeUndefined();
  });
});

describe('runs that ended up on another page', () => {
  it('are none when every run stayed on the requested path, whatever the query', () => {
    const asked = 'http://127.0.0.1:8210/placeOrder?symbol=BTCUSDT';
    expect(strayLandings(asked, [asked, 'http://127.0.0.1:8210/placeOrder?symbol=ETHUSDT'])).toEqual([]);
  });

  it('name each other path once, as a wallet screen sent home by the guard would', () => {
    expect(
      strayLandings('http://127.0.0.1:8210/assets', [
        'http://127.0.0.1:8210/home',
        'http://127.0.0.1:8210/assets',
        'http://127.0.0.1:8210/home',
        '',
      ]),
    ).toEqual(['/home', '(nowhere)']);
  });
});
