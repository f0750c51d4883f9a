import { request as httpRequest } from 'node:http';
import autocannon from 'autocannon';
import { codePath, isEnvelope, RESP_OK } from '../protocol/envelope.ts';
import { HOST } from './config-throughput-settings.ts';

// ---------------------------------------------------------------------------------------------
// Targets and load

/**
 * What a target is: the app, the bare route that sends the app's bytes (headers and body: the
 * goal's anchor), or the bare route that sends the app's body with Fastify's default headers.
 */
export type Kind = 'app' | 'bare' | 'body';

export const KIND_PREFIX: Record<Kind, string> = { app: '', bare: 'bare ', body: 'body-only ' };

interface Target {
  name: string;
  code: string;
  kind: Kind;
  /** Method and path, for the table. */
  request: string;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | undefined;
  /** Whether a response body is the success the target should answer with. */
  accepts(body: string): boolean;
}

export function codeTarget(port: number, code: string, kind: Kind): Target {
  const urlPath = codePath(code);
  return {
    name: `${KIND_PREFIX[kind]}${code}`,
    code,
    kind,
    request: `POST ${urlPath}`,
    url: `http://${HOST}:${port}${urlPath}`,
    method: 'POST',
    // What the client sends: an empty form, with the CSRF guard's header.
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': '0',
    },
    body: '',
    accepts(body) {
      try {
        const value: unknown = JSON.parse(body);
        return isEnvelope(value) && value.respCode === RESP_OK && value.data !== null;
      } catch {
        return false;
      }
    },
  };
}

/** One request before any load, so that a broken target fails with its answer in view. */
export async function preflight(target: Target): Promise<void> {
  const response = await fetch(target.url, {
    method: target.method,
    headers: target.headers,
    ...(target.body === undefined ? {} : { body: target.body }),
  });
  const body = await response.text();
  if (!response.ok || !target.accepts(body)) {
    throw new Error(`${target.name}: unexpected answer ${response.status}: ${body.slice(0, 300)}`);
  }
}

/**
 * The answer's headers as the wire carries them to the load generator (node:http sends only the
 * target's headers, as autocannon does; fetch would add its own `accept-encoding` and get a
 * compressed answer), but for those that differ by the moment: the date, and the length (the
 * market list's prices move, so the app's body now is not the one the anchor captured at start-up;
 * its shape is checked by `preflight`).
 */
function wireHeaders(target: Target): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      target.url,
      { method: target.method, headers: target.headers },
      (response) => {
        response.resume();
        response.on('end', () => {
          const varying = new Set(['date', 'content-length']);
          const headers = Object.entries(response.headers)
            .filter(([name]) => !varying.has(name))
            .map(([name, value]) => `${name}: ${String(value)}`);
          resolve(`${response.statusCode}\n${headers.sort().join('\n')}`);
        });
      },
    );
    request.on('error', reject);
    request.end(target.body);
  });
}

/**
 * The goal's anchor must answer with the app's headers; a bench that compares against anything
 * else fails before it measures.
 */
export async function checkSameBytes(targets: readonly Target[], code: string): Promise<void> {
  const app = targets.find((target) => target.code === code && target.kind === 'app');
  const bare = targets.find((target) => target.code === code && target.kind === 'bare');
  if (!app || !bare) throw new Error(`no app or bare target for ${code}`);
  const [mine, theirs] = [await wireHeaders(app), await wireHeaders(bare)];
  if (mine !== theirs) {
    throw new Error(`bare ${code} does not answer with the app's headers:\n${mine}\n---\n${theirs}`);
  }
}

export interface Run {
  target: Target;
  /** 1-based; warm-ups are round 0. */
  round: number;
  phase: 'warm-up' | 'measured';
  result: autocannon.Result;
  /** Every response's time in milliseconds, unrounded, in arrival order. */
  latencies: Float64Array;
  firstError: string | undefined;
  firstBadBody: string | undefined;
}

export async function load(
  target: Target,
  phase: Run['phase'],
  round: number,
  seconds: number,
  connections: number,
): Promise<Run> {
  process.stderr.write(
    `${phase === 'warm-up' ? 'warming up' : `round ${round}: measuring`} ${target.name} for ${seconds} s\n`,
  );
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  let firstError: string | undefined;
  let firstBadBody: string | undefined;
  const instance = autocannon({
    url: target.url,
    connections,
    duration: seconds,
    method: target.method,
    headers: target.headers,
    ...(target.body === undefined ? {} : { body: target.body }),
    verifyBody(body) {
      const ok = target.accepts(body);
      if (!ok) firstBadBody ??= body.slice(0, 300);
      return ok;
    },
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    if (count === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[count++] = responseTime;
  });
  instance.on('reqError', (error) => {
    firstError ??= error.message;
  });
  const result = await instance;
  return { target, phase, round, result, latencies: latencies.slice(0, count), firstError, firstBadBody };
}
