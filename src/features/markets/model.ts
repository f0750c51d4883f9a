/**
 * Market numbers as the screens show them (SPEC.md section 9, display rules): prices at the
 * instrument's precision with thousands separators, change percentages with two decimals and a
 * sign. All arithmetic on prices is exact decimal arithmetic on the strings the server sends.
 */
import type { MarketRow, Quote } from '../../../protocol/markets.ts';
import {
  compareDecimal,
  fixNumber,
  PLACEHOLDER,
  parseDecimal,
  ROUND_HALF_UP,
  withThousands,
} from '../../lib/format.ts';

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/** A price at `precision` decimals with thousands separators: `'104321.5'`, 2 -> `'104,321.50'`. */
export function formatPrice(value: string | number | null | undefined, precision: number): string {
  const fixed = fixNumber(value, precision);
  return fixed === PLACEHOLDER ? PLACEHOLDER : withThousands(fixed);
}

/** `'1.234'` -> `'+1.23%'`, `'-0.5'` -> `'-0.50%'`, zero without a sign. */
export function formatPercent(value: string | null | undefined): string {
  const fixed = fixNumber(value, 2);
  if (fixed === PLACEHOLDER) return PLACEHOLDER;
  return `${compareDecimal(fixed, '0') === 1 ? '+' : ''}${fixed}%`;
}

/** A signed price change at the instrument's precision: `'+12.50'`, `'-0.00010'`. */
export function formatChange(value: string | null | undefined, precision: number): string {
  const text = formatPrice(value, precision);
  if (text === PLACEHOLDER) return text;
  return `${compareDecimal(fixNumber(value, precision), '0') === 1 ? '+' : ''}${text}`;
}

/** `up`, `down` or `flat` by the sign of a change. */
export function direction(change: string | null | undefined): 'up' | 'down' | 'flat' {
  const order = compareDecimal(change ?? '', '0');
  return order === 1 ? 'up' : order === -1 ? 'down' : 'flat';
}

/**
 * The change and change percent of `last` against the price 24 hours ago, where that reference is
 * recovered from a row (`last - change24h`). Used when a tick moves the last price between two
 * refreshes of the list. Null when the reference is missing or zero.
 */
export function changeAgainst(
  row: Pick<MarketRow, 'last' | 'change24h'>,
  last: string,
): { change: string; percent: string } | null {
  if (!DECIMAL.test(row.last) || !DECIMAL.test(row.change24h) || !DECIMAL.test(last)) return null;
  const rowLast = parseDecimal(row.last);
  const change24h = parseDecimal(row.change24h);
  const moved = parseDecimal(last);
  if (!rowLast || !change24h || !moved) return null;
  const reference = rowLast.minus(change24h);
  if (reference.eq(0)) return null;
  const change = moved.minus(reference);
  return {
    change: change.toFixed(),
    percent: change.times(100).div(reference).round(4, ROUND_HALF_UP).toFixed(),
  };
}

/** A row moved to the price of a tick; the same row when the tick changes nothing. */
export function applyQuote(row: MarketRow, quote: Quote): MarketRow {
  if (quote.symbol !== row.symbol) return row;
  if (quote.last === row.last && quote.open === row.open) return row;
  const moved = changeAgainst(row, quote.last);
  return {
    ...row,
    last: quote.last,
    open: quote.open,
    ...(moved ? { change24h: moved.change, changePercent24h: moved.percent } : {}),
  };
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
