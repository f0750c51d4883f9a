import { paths } from '../../app/paths.ts';

/** `/instrument/BTCUSDT`. */
export function instrumentPath(symbol: string): string {
  return paths.instrument.path.replace(':symbol', encodeURIComponent(symbol));
}
