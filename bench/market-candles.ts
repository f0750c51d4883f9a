import http from 'node:http';
import { codePath, isEnvelope, RESP_OK } from '../protocol/envelope.ts';
import type { Interval } from '../protocol/markets.ts';
import {
  HOST,
  LIMIT,
  MIN_REQUESTS,
  REQUEST_TIMEOUT_MS,
  type Settings,
  SYMBOL,
  WARMUP_MIN_MS,
} from './market-settings.ts';

// ---------------------------------------------------------------------------------------------
// Part 1: candle requests

interface Target {
  name: string;
  /** The product code posted to. */
  code: string;
  body: string;
  /** Candles in the answer, or null for the anchor; throws on an unexpected answer. */
  check(status: number, body: string): number | null;
}

function parseEnvelope(status: number, body: string): unknown {
  if (status < 200 || status > 299) throw new Error(`HTTP ${status}: ${body.slice(0, 200)}`);
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new Error(`not JSON: ${body.slice(0, 200)}`);
  }
  if (!isEnvelope(value) || value.respCode !== RESP_OK || value.data === null) {
    throw new Error(`not a success envelope: ${body.slice(0, 200)}`);
  }
  return value.data;
}

export const anchorTarget: Target = {
  name: '00000',
  code: '00000',
  body: '',
  check(status, body) {
    parseEnvelope(status, body);
    return null;
  },
};

export function candleTarget(interval: Interval): Target {
  return {
    name: interval,
    code: '10069',
    body: new URLSearchParams({ symbol: SYMBOL, interval, limit: String(LIMIT) }).toString(),
    check(status, body) {
      const data = parseEnvelope(status, body);
      if (!Array.isArray(data) || data.length === 0) throw new Error(`no candles: ${body.slice(0, 200)}`);
      return data.length;
    },
  };
}

interface Answer {
  status: number;
  body: string;
  ms: number;
}

function post(agent: http.Agent, port: number, code: string, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      {
        host: HOST,
        port,
        method: 'POST',
        path: codePath(code),
        agent,
        headers: {
          'x-requested-with': 'XMLHttpRequest',
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(Buffer.byteLength(body)),
        },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)),
    );
    request.on('error', reject);
    request.end(body);
  });
}

export interface TargetRun {
  target: Target;
  latencies: number[];
  /** Distinct candle counts seen (one, normally: the engine's clock is fixed). */
  candles: Set<number>;
  failures: string[];
}

export async function measureTarget(settings: Settings, port: number, target: Target): Promise<TargetRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: settings.concurrency });
  const run: TargetRun = { target, latencies: [], candles: new Set(), failures: [] };
  const request = async (measured: boolean): Promise<void> => {
    try {
      const answer = await post(agent, port, target.code, target.body);
      const candles = target.check(answer.status, answer.body);
      if (candles !== null) run.candles.add(candles);
      if (measured) run.latencies.push(answer.ms);
    } catch (error) {
      run.failures.push(`${target.name}: ${(error as Error).message}`);
    }
  };
  try {
    const warmupStarted = performance.now();
    for (
      let i = 0;
      settings.warmupRequests > 0 &&
      (i < settings.warmupRequests || performance.now() - warmupStarted < WARMUP_MIN_MS) &&
      run.failures.length === 0;
      i++
    ) {
      await request(false);
    }
    const capMs = settings.intervalSeconds * 1000;
    const started = performance.now();
    let launched = 0;
    const worker = async (): Promise<void> => {
      while (launched < settings.requests) {
        const overTime = capMs > 0 && performance.now() - started > capMs && launched >= MIN_REQUESTS;
        if (overTime || run.failures.length > 0) return;
        launched += 1;
        await request(true);
      }
    };
    await Promise.all(Array.from({ length: settings.concurrency }, worker));
  } finally {
    agent.destroy();
  }
  return run;
}
