/**
 * Market numbers as the screens show them (docs/spec/product.md section 9, display rules): prices at the
 * instrument's precision with thousands separators, change percentages with two decimals and a
 * sign. Formatting only, exact on the strings the server sends and without an arithmetic library
 * (src/lib/format-text.ts), so the home screen's ticker carries none; what a tick moves is
 * computed in ./quote-math.ts.
 */
import { decimalSign, fixNumber, PLACEHOLDER, withThousands } from '../../lib/format-text.ts';

/** A price at `precision` decimals with thousands separators: `'104321.5'`, 2 -> `'104,321.50'`. */
export function formatPrice(value: string | number | null | undefined, precision: number): string {
  const fixed = fixNumber(value, precision);
  return fixed === PLACEHOLDER ? PLACEHOLDER : withThousands(fixed);
}

/** `'1.234'` -> `'+1.23%'`, `'-0.5'` -> `'-0.50%'`, zero without a sign. */
export function formatPercent(value: string | null | undefined): string {
  const fixed = fixNumber(value, 2);
  if (fixed === PLACEHOLDER) return PLACEHOLDER;
  return `${decimalSign(fixed) === 1 ? '+' : ''}${fixed}%`;
}

/** A signed price change at the instrument's precision: `'+12.50'`, `'-0.00010'`. */
export function formatChange(value: string | null | undefined, precision: number): string {
  const text = formatPrice(value, precision);
  if (text === PLACEHOLDER) return text;
  return `${decimalSign(fixNumber(value, precision)) === 1 ? '+' : ''}${text}`;
}

/** `up`, `down` or `flat` by the sign of a change. */
export function direction(change: string | null | undefined): 'up' | 'down' | 'flat' {
  const order = decimalSign(change);
  return order === 1 ? 'up' : order === -1 ? 'down' : 'flat';
}

/** The polyline `points` of a sparkline in a `width` x `height` box; empty below two points. */
export function sparklinePoints(values: readonly string[], width: number, height: number): string {
  const numbers = values.map(Number).filter(Number.isFinite);
  if (numbers.length < 2) return '';
  const min = Math.min(...numbers);
  const max = Math.max(...numbers);
  const span = max - min || 1;
  const step = width / (numbers.length - 1);
  return numbers
    .map((v, i) => {
      const x = i * step;
      // A flat line sits in the middle; otherwise the highest close touches the top.
      const y = max === min ? height / 2 : height - ((v - min) / span) * height;
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}
