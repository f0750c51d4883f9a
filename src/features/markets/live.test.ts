import { describe, expect, it } from 'vitest';
import type { Quote } from '../../../protocol/markets.ts';
import { flashPrice, keepFlashEventsFromReact, tickBatcher } from './live.ts';

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
  it('alternate the generation, so each new value starts the fade again, whatever the direction', () => {
    const element = { dataset: {} as DOMStringMap } as HTMLElement;
    flashPrice(element, 'up');
    expect(element.dataset.flash).toBe('up-1');
    flashPrice(element, 'up');
    expect(element.dataset.flash).toBe('up-2');
    flashPrice(element, 'down');
    expect(element.dataset.flash).toBe('down-1');
    flashPrice(element, 'down');
    expect(element.dataset.flash).toBe('down-2');
  });

  it("stop the fade's animation events before React's root, and only those", () => {
    const listeners = new Map<string, (event: Event) => void>();
    keepFlashEventsFromReact({
      addEventListener: (type: string, listener: EventListenerOrEventListenerObject, options?: unknown) => {
        expect(options).toEqual({ capture: true });
        listeners.set(type, listener as (event: Event) => void);
      },
    } as Pick<Window, 'addEventListener'>);
    expect([...listeners.keys()].sort()).toEqual([
      'animationcancel',
      'animationend',
      'animationiteration',
      'animationstart',
    ]);
    const stopped: string[] = [];
    const event = (animationName: string) =>
      ({ animationName, stopImmediatePropagation: () => stopped.push(animationName) }) as unknown as Event;
    listeners.get('animationend')?.(event('price-flash-2'));
    listeners.get('animationstart')?.(event('price-flash-1'));
    listeners.get('animationend')?.(event('page-fade'));
    expect(stopped).toEqual(['price-flash-2', 'price-flash-1']);
  });
});
