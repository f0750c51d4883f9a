import { expect } from 'vitest';

/**
 * Waits, polling every 10 ms, until `check` holds, and fails the test if it has not within
 * `timeoutMs`: for what a local server and a client do in their own time (reconnects, streams).
 */
export async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}
