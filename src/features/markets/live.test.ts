import { describe, expect, it } from 'vitest';
import type { Quote } from '../../../protocol/markets.ts';
import { flashPrice, tickBatcher } from './live.ts';

const quote = (symbol: string, last: string) => ({ symbol, last }) as Quote;

function frames() {
  const queued = new Map<number, () => void>();
  let next = 1;
  return {
    schedule: (callback: () => void) => {
      queued.set(next, callback);
      return next++;
    },
    cancel: (handle: number) => void queued.delete(handle),
    run() {
      const callbacks = [...queued.values()];
      queued.clear();
      for (const callback of callbacks) callback();
    },
    get count() {
      return queued.size;
    },
  };
}

describe('ticks handed over once per frame', () => {
  it('delivers the latest quote of each symbol, once, in one frame', () => {
    const frame = frames();
    const delivered: Quote[] = [];
    const batch = tickBatcher((q) => delivered.push(q), frame.schedule, frame.cancel);
    batch.add(quote('BTCUSDT', '1'));
    batch.add(quote('ETHUSDT', '2'));
    batch.add(quote('BTCUSDT', '3'));
    expect(frame.count).toBe(1);
    expect(delivered).toEqual([]);
    frame.run();
    expect(delivered).toEqual([quote('BTCUSDT', '3'), quote('ETHUSDT', '2')]);
    frame.run();
    expect(delivered).toHaveLength(2);
    batch.add(quote('ETHUSDT', '4'));
    frame.run();
    expect(delivered.at(-1)).toEqual(quote('ETHUSDT', '4'));
  });

  it('delivers nothing after it stopped', () => {
    const frame = frames();
    const delivered: Quote[] = [];
    const batch = tickBatcher((q) => delivered.push(q), frame.schedule, frame.cancel);
    batch.add(quote('BTCUSDT', '1'));
    batch.stop();
    frame.run();
    expect(delivered).toEqual([]);
  });
});

describe('price flashes', () => {
  it('start together after the commit: every attribute first, then every fade', async () => {
    const log: string[] = [];
    const element = (name: string) => {
      const dataset = {} as DOMStringMap;
      Object.defineProperty(dataset, 'flash', {
        set: (value: string) => log.push(`${name}=${value}`),
        configurable: true,
      });
      return {
        dataset,
        animate: (_: Keyframe[], options: KeyframeAnimationOptions) =>
          log.push(`fade ${name} ${options.pseudoElement}`),
      } as unknown as HTMLElement;
    };
    const [a, b] = [element('a'), element('b')];
    flashPrice(a, 'up');
    flashPrice(b, 'down');
    flashPrice(a, 'down');
    expect(log).toEqual([]);
    await Promise.resolve();
    // One per element (the last direction wins); no fade before the last attribute is set.
    expect(log).toEqual(['a=down', 'b=down', 'fade a ::after', 'fade b ::after']);
  });
});
