/**
 * Chart indicators as pure functions over closes (and volumes): MA, EMA, Bollinger bands, MACD,
 * RSI. Each returns one value per input, null while it is warming up, so the series line up with
 * the candles uPlot draws. Floats, as the chart itself is: these are pictures of prices, never
 * amounts of money. Conventions follow Tulip Indicators, whose published test vectors
 * (tests/untest.txt) the unit tests check: EMA seeded with the first value, Bollinger bands with
 * the population standard deviation, RSI with Wilder's smoothing seeded by a simple average.
 * Loaded with the chart (PriceChart's chunk), never with the first page.
 */
export type Series = (number | null)[];

export function sma(values: readonly number[], period: number): Series {
  const out: Series = new Array(values.length).fill(null);
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) {
    sum += values[i] ?? 0;
    if (i >= period) sum -= values[i - period] ?? 0;
    if (i >= period - 1) out[i] = sum / period;
  }
  return out;
}

export function ema(values: readonly number[], period: number): Series {
  const out: Series = new Array(values.length).fill(null);
  const alpha = 2 / (period + 1);
  let current: number | null = null;
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i] ?? 0;
    current = current === null ? value : alpha * value + (1 - alpha) * current;
    out[i] = current;
  }
  return out;
}

export interface Bands {
  middle: Series;
  upper: Series;
  lower: Series;
}

export function bollinger(values: readonly number[], period: number, width: number): Bands {
  const middle = sma(values, period);
  const upper: Series = new Array(values.length).fill(null);
  const lower: Series = new Array(values.length).fill(null);
  for (let i = period - 1; i < values.length; i += 1) {
    const mean = middle[i] ?? 0;
    let squares = 0;
    for (let j = i - period + 1; j <= i; j += 1) squares += ((values[j] ?? 0) - mean) ** 2;
    const deviation = Math.sqrt(squares / period);
    upper[i] = mean + width * deviation;
    lower[i] = mean - width * deviation;
  }
  return { middle, upper, lower };
}

export interface Macd {
  macd: Series;
  signal: Series;
  histogram: Series;
}

/** MACD line = EMA(fast) - EMA(slow) from the slow period's first full window; signal = its EMA. */
export function macd(values: readonly number[], fast: number, slow: number, signal: number): Macd {
  const fastLine = ema(values, fast);
  const slowLine = ema(values, slow);
  const start = Math.max(fast, slow) - 1;
  const line: Series = values.map((_, i) => (i < start ? null : (fastLine[i] ?? 0) - (slowLine[i] ?? 0)));
  const alpha = 2 / (signal + 1);
  const signalLine: Series = new Array(values.length).fill(null);
  const histogram: Series = new Array(values.length).fill(null);
  let current: number | null = null;
  for (let i = start; i < values.length; i += 1) {
    const value = line[i] ?? 0;
    current = current === null ? value : alpha * value + (1 - alpha) * current;
    signalLine[i] = current;
    histogram[i] = value - current;
  }
  return { macd: line, signal: signalLine, histogram };
}

/** Wilder's RSI: the first average of gains and losses is plain, later ones smoothed by 1/period. */
export function rsi(values: readonly number[], period: number): Series {
  const out: Series = new Array(values.length).fill(null);
  let gain = 0;
  let loss = 0;
  for (let i = 1; i < values.length; i += 1) {
    const change = (values[i] ?? 0) - (values[i - 1] ?? 0);
    const up = Math.max(change, 0);
    const down = Math.max(-change, 0);
    if (i <= period) {
      gain += up / period;
      loss += down / period;
    } else {
      gain = (gain * (period - 1) + up) / period;
      loss = (loss * (period - 1) + down) / period;
    }
    if (i >= period) out[i] = gain + loss === 0 ? 50 : (100 * gain) / (gain + loss);
  }
  return out;
}
