/**
 * The busy state of one action (a form's submit, a sheet's confirm), shared by every screen that
 * sends a money call: `run(action)` starts the action unless one is already running, sets `busy`
 * while it runs (the button shows it and stays disabled), and clears it when the action settles,
 * also when it throws (the error then goes on to `run`'s caller). The "already running" check is
 * a plain flag, not React state: two taps before the next render send one request, where a check
 * of `busy` saw the state of the last render and let both through.
 */
import { useRef, useState } from 'react';

export interface BusyGate {
  /** Runs `action` unless one is running; resolves (or rejects) when it settles. */
  run(action: () => Promise<void>): Promise<void>;
}

/** The gate itself, without React: `onBusy` hears every change of the busy state. */
export function busyGate(onBusy: (busy: boolean) => void): BusyGate {
  let running = false;
  return {
    async run(action) {
      if (running) return;
      running = true;
      onBusy(true);
      try {
        await action();
      } finally {
        running = false;
        onBusy(false);
      }
    },
  };
}

export function useBusy(): { busy: boolean; run: BusyGate['run'] } {
  const [busy, setBusy] = useState(false);
  const gate = useRef<BusyGate | null>(null);
  gate.current ??= busyGate(setBusy);
  return { busy, run: gate.current.run };
}
