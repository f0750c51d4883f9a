/**
 * Touch and mouse on the chart: one finger (or the mouse) drags it, two fingers pinch it, a double
 * tap or double click resets the view, the wheel zooms. uPlot's own drag-to-zoom is off (the
 * engine's cursor options): these move our window of candle indices (./chart-view.ts) instead, so
 * panning back can load older candles and the view survives new ones.
 */
import type { View } from './chart-view.ts';

/** What the gestures move: the engine's view. */
export interface GestureTarget {
  view(): View;
  /** Shows `next` (clamped to the candles) and asks for older candles near the start. */
  applyView(next: View): void;
  /** A view width clamped to what the candles allow. */
  clampWidth(width: number): number;
  resetView(): void;
}

export interface Gestures {
  /** Whether a finger or the mouse button is down on the chart. */
  active(): boolean;
  /** `count` older candles were added in front: a gesture in progress moves its starting view too. */
  shift(count: number): void;
  /** Removes the listeners. */
  detach(): void;
}

/**
 * Listens on `surface` (the whole chart, axes included: gestures start anywhere) and measures
 * positions on `over`, the plot.
 */
export function attachGestures(surface: HTMLElement, over: HTMLElement, target: GestureTarget): Gestures {
  const pointers = new Map<number, number>();
  let gesture: { view: View; x: number; distance: number } | null = null;
  let lastTap = { at: 0, x: 0 };
  let downAt = { at: 0, x: 0, moved: false };

  /** A plot x (CSS pixels from the plot's left edge) as a candle index under the current view. */
  const indexAt = (plotX: number, v: View) => v.min + (plotX / over.clientWidth) * (v.max - v.min);
  const plotX = (clientX: number) => clientX - over.getBoundingClientRect().left;

  function beginGesture() {
    const xs = [...pointers.values()];
    if (xs.length === 0) {
      gesture = null;
      return;
    }
    const center = xs.reduce((a, b) => a + b, 0) / xs.length;
    const distance = xs.length > 1 ? Math.abs((xs[0] ?? 0) - (xs[1] ?? 0)) : 0;
    gesture = { view: target.view(), x: center, distance };
  }

  const onDown = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    surface.setPointerCapture?.(e.pointerId);
    pointers.set(e.pointerId, plotX(e.clientX));
    downAt = { at: e.timeStamp, x: e.clientX, moved: false };
    beginGesture();
  };

  const onMove = (e: PointerEvent) => {
    if (!pointers.has(e.pointerId) || !gesture) return;
    pointers.set(e.pointerId, plotX(e.clientX));
    if (Math.abs(e.clientX - downAt.x) > 6) downAt.moved = true;
    const xs = [...pointers.values()];
    const start = gesture.view;
    const startWidth = start.max - start.min;
    if (xs.length === 1) {
      const dx = (xs[0] ?? 0) - gesture.x;
      const shift = (dx / over.clientWidth) * startWidth;
      target.applyView({ min: start.min - shift, max: start.max - shift });
    } else if (xs.length >= 2 && gesture.distance > 0) {
      const distance = Math.abs((xs[0] ?? 0) - (xs[1] ?? 0));
      const center = ((xs[0] ?? 0) + (xs[1] ?? 0)) / 2;
      const width = target.clampWidth((startWidth * gesture.distance) / Math.max(distance, 1));
      // The candle that was under the fingers' midpoint stays under it.
      const anchor = indexAt(gesture.x, start);
      const min = anchor - (center / over.clientWidth) * width;
      target.applyView({ min, max: min + width });
    }
  };

  const onUp = (e: PointerEvent) => {
    if (!pointers.delete(e.pointerId)) return;
    if (e.type === 'pointerup' && e.pointerType !== 'mouse' && pointers.size === 0 && !downAt.moved) {
      const quick = e.timeStamp - downAt.at < 300;
      if (quick && e.timeStamp - lastTap.at < 350 && Math.abs(e.clientX - lastTap.x) < 30) {
        target.resetView();
        lastTap = { at: 0, x: 0 };
      } else if (quick) {
        lastTap = { at: e.timeStamp, x: e.clientX };
      }
    }
    beginGesture();
  };

  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const factor = Math.exp(Math.sign(e.deltaY) * Math.min(Math.abs(e.deltaY), 100) * 0.002);
    const x = plotX(e.clientX);
    const view = target.view();
    const anchor = indexAt(x, view);
    const width = target.clampWidth((view.max - view.min) * factor);
    const min = anchor - (x / over.clientWidth) * width;
    target.applyView({ min, max: min + width });
  };

  const onDoubleClick = () => target.resetView();

  surface.addEventListener('pointerdown', onDown);
  surface.addEventListener('pointermove', onMove);
  surface.addEventListener('pointerup', onUp);
  surface.addEventListener('pointercancel', onUp);
  surface.addEventListener('wheel', onWheel, { passive: false });
  surface.addEventListener('dblclick', onDoubleClick);

  return {
    active: () => pointers.size > 0,
    shift(count) {
      if (gesture) {
        const g = gesture.view;
        gesture = { ...gesture, view: { min: g.min + count, max: g.max + count } };
      }
    },
    detach() {
      surface.removeEventListener('pointerdown', onDown);
      surface.removeEventListener('pointermove', onMove);
      surface.removeEventListener('pointerup', onUp);
      surface.removeEventListener('pointercancel', onUp);
      surface.removeEventListener('wheel', onWheel);
      surface.removeEventListener('dblclick', onDoubleClick);
    },
  };
}
