/**
 * The order screen's instrument picker: its choices load once the screen is up and the page is
 * idle, or at once when the user reaches for the picker, and are kept for the rest of the visit
 * (the instruments change with a release, not between two orders). Until then, and when the read
 * fails, the picker holds the current symbol only; the next reach for it tries again.
 */
import { useEffect, useState } from 'react';
import { whenIdle } from '../../lib/when-idle.ts';
import { getSymbols } from './api.ts';

let loaded: Promise<string[]> | undefined;

/** The choices, read once and kept; a failed read is forgotten, so the next call reads again. */
export function loadPickerSymbols(read: () => Promise<string[]> = getSymbols): Promise<string[]> {
  loaded ??= read().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

/** Forgets the kept choices (tests). */
export function resetPickerSymbols(): void {
  loaded = undefined;
}

/**
 * The picker's choices, always including `current`, and `reach`, to call when the user focuses
 * or presses the picker.
 */
export function usePickerSymbols(current: string): { symbols: string[]; reach: () => void } {
  const [symbols, setSymbols] = useState<string[] | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    const load = () =>
      void loadPickerSymbols().then(
        (all) => live && setSymbols(all),
        () => undefined,
      );
    // The first attempt waits for an idle moment; one the user asked for goes at once.
    const cancel = attempt === 0 ? whenIdle(load, 3000, 1000) : undefined;
    if (attempt > 0) load();
    return () => {
      live = false;
      cancel?.();
    };
  }, [attempt]);
  const choices = symbols?.includes(current) ? symbols : [current, ...(symbols ?? [])];
  return { symbols: choices, reach: () => symbols === null && setAttempt((n) => n + 1) };
}
