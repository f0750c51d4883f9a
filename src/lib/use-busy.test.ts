import { describe, expect, it } from 'vitest';
import { busyGate } from './use-busy.ts';

describe('the busy gate of a screen’s action', () => {
  it('runs one action at a time: a second tap while the first is running sends nothing', async () => {
    const states: boolean[] = [];
    const gate = busyGate((busy) => states.push(busy));
    let calls = 0;
    let finish = () => {};
    const action = () => {
      calls += 1;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    };
    const first = gate.run(action);
    await gate.run(action);
    expect(calls).toBe(1);
    finish();
    await first;
    expect(states).toEqual([true, false]);
    // Once it settled, the next tap runs again.
    const third = gate.run(action);
    finish();
    await third;
    expect(calls).toBe(2);
  });

  it('is free again after an action that throws, and the error reaches the caller', async () => {
    const states: boolean[] = [];
    const gate = busyGate((busy) => states.push(busy));
    await expect(gate.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(states).toEqual([true, false]);
    let ran = false;
    await gate.run(async () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });
});
