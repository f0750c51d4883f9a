import { afterEach, describe, expect, it } from 'vitest';
import { loadPickerSymbols, resetPickerSymbols } from './picker-symbols.ts';

describe("the order screen's instrument choices", () => {
  afterEach(() => resetPickerSymbols());

  it('are read once and kept for the visit', async () => {
    let reads = 0;
    const read = async () => {
      reads += 1;
      return ['BTCUSDT', 'EURUSD'];
    };
    expect(await loadPickerSymbols(read)).toEqual(['BTCUSDT', 'EURUSD']);
    expect(await Promise.all([loadPickerSymbols(read), loadPickerSymbols(read)])).toEqual([
      ['BTCUSDT', 'EURUSD'],
      ['BTCUSDT', 'EURUSD'],
    ]);
    expect(reads).toBe(1);
  });

  it('are read again after a failed read', async () => {
    let reads = 0;
    const flaky = async () => {
      reads += 1;
      if (reads === 1) throw new Error('offline');
      return ['XAUUSD'];
    };
    await expect(loadPickerSymbols(flaky)).rejects.toThrow('offline');
    expect(await loadPickerSymbols(flaky)).toEqual(['XAUUSD']);
    expect(reads).toBe(2);
  });
});
