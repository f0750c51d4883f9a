/**
 * Runs a transaction again when PostgreSQL aborted it for a deadlock (40P01) or a serialization
 * failure (40001): the whole transaction rolled back, so running it again is safe and is what
 * the server tells the client to do. Other errors pass through at once.
 */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 4;

function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  // Drizzle wraps the driver's error in `cause`.
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isRetryable(error: unknown): boolean {
  const code = sqlState(error);
  return code !== undefined && RETRYABLE.has(code);
}

export async function retryOnConflict<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryable(error)) throw error;
      // A short random pause lets the other transaction finish first.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
