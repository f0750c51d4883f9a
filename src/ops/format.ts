/** Times, durations and addresses as the console shows them. */
import type { Translate } from './i18n/i18n.tsx';

/** Date and time to the second, in the operator's language and time zone. */
export function when(ms: number | null | undefined, locale: string): string {
  if (ms === null || ms === undefined) return '—';
  return new Date(ms).toLocaleString(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
}

/** A length of time in its largest whole unit: "45 s", "12 min", "3 h", "2 d". */
export function duration(ms: number, t: Translate): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 120) return t('time.seconds', { n: s });
  const min = Math.floor(s / 60);
  if (min < 120) return t('time.minutes', { n: min });
  const h = Math.floor(min / 60);
  if (h < 48) return t('time.hours', { n: h });
  return t('time.days', { n: Math.floor(h / 24) });
}

/** `0x1234…abcd`: enough to tell addresses apart in a table; the full one is in the title. */
export function shortAddress(address: string | null | undefined): string {
  if (!address) return '—';
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** Whole-second Unix ms from a `datetime-local` input, or undefined when empty. */
export function localInputToMs(value: string): string | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? String(ms) : undefined;
}
