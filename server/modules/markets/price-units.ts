/**
 * Prices as integer units of the instrument's precision: the feed rounds on integers so that its
 * decimal strings carry no float noise and always show exactly `precision` digits.
 */

/** Units as a decimal string with exactly `precision` digits after the point. */
export function formatUnits(units: number, precision: number): string {
  const digits = String(units).padStart(precision + 1, '0');
  return precision === 0 ? digits : `${digits.slice(0, -precision)}.${digits.slice(-precision)}`;
}

/** A configured decimal (a spread) in units; only plain digits with an optional point. */
export function unitsOf(decimal: string, precision: number): number {
  if (!/^[0-9]+(\.[0-9]+)?$/.test(decimal)) throw new Error(`not a decimal: "${decimal}"`);
  return Math.round(Number(decimal) * 10 ** precision);
}
