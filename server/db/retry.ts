/**
 * Runs a transaction again when PostgreSQL aborted it for a deadlock (40P01) or a serialization
 * failure (40001): the whole transaction rolled back, so running it again is safe and is what
 * the server tells the client to do. Other errors pass through at once.
 */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 4;

/** The driver's error under Drizzle's wrapper (Drizzle puts it in `cause`), or the error itself. */
function driverError(error: unknown): { code?: unknown; message?: unknown } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    if (typeof (current as { code?: unknown }).code === 'string') return current as { code: string };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE PostgreSQL (or PGlite) answered with. */
export function sqlStateOf(error: unknown): string | undefined {
  return driverError(error)?.code as string | undefined;
}

/** The message PostgreSQL (or PGlite) answered with, not Drizzle's "Failed query: ...". */
export function messageOf(error: unknown): string {
  const message = driverError(error)?.message;
  return typeof message === 'string' ? message : String(error);
}

export function isRetryable(error: unknown): boolean {
  const code = sqlStateOf(error);
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
