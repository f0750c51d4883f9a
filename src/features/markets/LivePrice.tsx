import type { MarketRow } from '../../../protocol/markets.ts';
import { usePriceFlash } from './live.ts';
import { direction, formatPercent, formatPrice, sparklinePoints } from './model.ts';

/**
 * A price that flashes green or red for a moment when it rises or falls. Numbers keep their
 * left-to-right order in right-to-left pages.
 */
export function LivePrice({
  value,
  precision,
  className = '',
}: {
  value: string;
  precision: number;
  className?: string;
}) {
  const element = usePriceFlash<HTMLSpanElement>(value);
  return (
    <span ref={element} className={`price ${className}`} dir="ltr">
      {formatPrice(value, precision)}
    </span>
  );
}

/** A change percentage coloured by its sign: `+1.23%`, `-0.50%`. */
export function ChangePercent({ value, pill = false }: { value: string; pill?: boolean }) {
  return (
    <span className={`change change-${direction(value)} ${pill ? 'change-pill' : ''}`} dir="ltr">
      {formatPercent(value)}
    </span>
  );
}

const SPARK_WIDTH = 100;
const SPARK_HEIGHT = 28;

/** The recent closes of a row as a tiny line, coloured by the 24-hour change. */
export function Sparkline({ row }: { row: Pick<MarketRow, 'sparkline' | 'change24h'> }) {
  const points = sparklinePoints(row.sparkline, SPARK_WIDTH, SPARK_HEIGHT);
  return (
    <svg
      className={`sparkline change-${direction(row.change24h)}`}
      viewBox={`0 -2 ${SPARK_WIDTH} ${SPARK_HEIGHT + 4}`}
      preserveAspectRatio="none"
      aria-hidden="true"
    >
      {points ? <polyline points={points} vectorEffect="non-scaling-stroke" /> : null}
    </svg>
  );
}
