/**
 * The part of autocannon's programmatic API the benchmarks use (autocannon ships no types, and
 * @types/autocannon is not a dependency). Shapes follow the autocannon 9 README.
 */
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Seconds to wait for a response before it counts as a timeout. */
      timeout?: number;
      pipelining?: number;
      method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
      headers?: Record<string, string>;
      body?: string | Buffer;
      title?: string;
      /** A response whose body this does not accept is counted in `mismatches`. */
      verifyBody?: (body: string) => boolean;
    }

    /** An hdr-histogram-percentiles-obj summary. */
    interface Histogram {
      min: number;
      max: number;
      average: number;
      mean: number;
      stddev: number;
      total: number;
      p2_5: number;
      p50: number;
      p75: number;
      p90: number;
      p97_5: number;
      p99: number;
      p99_9: number;
      p99_99: number;
      p99_999: number;
    }

    interface Result {
      title?: string;
      url: string;
      /** Requests completed per second, sampled once a second. */
      requests: Histogram;
      /** Response latency in milliseconds. */
      latency: Histogram;
      /** Response bytes per second. */
      throughput: Histogram;
      /** Seconds. */
      duration: number;
      /** Connection errors, timeouts included. */
      errors: number;
      timeouts: number;
      mismatches: number;
      non2xx: number;
      resets: number;
      '1xx': number;
      '2xx': number;
      '3xx': number;
      '4xx': number;
      '5xx': number;
      statusCodeStats: Record<string, { count: number }>;
      connections: number;
      pipelining: number;
      start: Date;
      finish: Date;
    }

    interface Instance extends PromiseLike<Result> {
      stop(): void;
      on(event: 'done', listener: (result: Result) => void): this;
      on(event: 'error', listener: (error: Error) => void): this;
      /** Every completed response; `responseTime` is in milliseconds, unrounded. */
      on(
        event: 'response',
        listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
      ): this;
      /** A connection error or a timeout. */
      on(event: 'reqError', listener: (error: Error) => void): this;
      /** A response body `verifyBody` refused. */
      on(event: 'reqMismatch', listener: (body: string) => void): this;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;

  export = autocannon;
}
