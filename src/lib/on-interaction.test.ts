import { describe, expect, it, vi } from 'vitest';
import { onFirstInteraction } from './on-interaction.ts';

const asWindow = (target: EventTarget) => target as unknown as Window;

describe('onFirstInteraction', () => {
  it('runs the task once, at the first press of any kind', () => {
    const target = new EventTarget();
    const task = vi.fn();
    onFirstInteraction(task, asWindow(target));
    expect(task).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('touchstart'));
    target.dispatchEvent(new Event('pointerdown'));
    target.dispatchEvent(new Event('keydown'));
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('ignores what is not a press (scrolling, moving the pointer)', () => {
    const target = new EventTarget();
    const task = vi.fn();
    onFirstInteraction(task, asWindow(target));
    target.dispatchEvent(new Event('scroll'));
    target.dispatchEvent(new Event('pointermove'));
    expect(task).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('keydown'));
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled', () => {
    const target = new EventTarget();
    const task = vi.fn();
    onFirstInteraction(task, asWindow(target))();
    target.dispatchEvent(new Event('pointerdown'));
    expect(task).not.toHaveBeenCalled();
  });
});
