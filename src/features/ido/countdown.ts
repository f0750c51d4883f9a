/** `2d 03:14:07`-style parts of a span of milliseconds (never negative). */
export function countdownParts(ms: number): { days: number; clock: string } {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    days,
    clock: `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`,
  };
}

/** Percent of `part` in `whole`, floored to 2 decimals and capped at 100, from decimal strings. */
export function percentOf(part: string, whole: string): number {
  const [p, w] = [Number(part), Number(whole)];
  if (!(w > 0)) return 0;
  return Math.min(100, Math.floor((p / w) * 10_000) / 100);
}
