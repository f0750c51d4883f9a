/** Raw `execute` results differ in type between drivers but both carry `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** A jsonb value as a driver hands it over: parsed, or as its text, depending on the driver. */
export type Jsonb<T> = T | string;

export function jsonbOf<T>(value: Jsonb<T>): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
