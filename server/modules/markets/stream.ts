/**
 * `GET /adc/stream/ticks?symbols=A,B`: Server-Sent Events of ticks for the symbols a screen
 * watches. Each event carries its time as `id`; a reconnecting EventSource sends it back as
 * Last-Event-ID and receives the ticks it missed (up to a minute, one per second). The POST
 * codes stay the source of truth: screens poll when the stream is unavailable.
 *
 * A stopping server ends every open stream first (Fastify's preClose), so that closing waits for
 * nothing a client holds open: the EventSource reconnects, through the load balancer, to a process
 * still running and resumes from its Last-Event-ID (docs/deployment.md).
 */
import type { FastifyInstance } from 'fastify';
import type { Quote } from '../../../protocol/markets.ts';
import { SECOND } from './durations.ts';
import type { MarketEngine } from './engine.ts';

export const STREAM_PATH = '/adc/stream/ticks';
const MAX_SYMBOLS = 30;
const REPLAY_MS = 60_000;
const HEARTBEAT_MS = 15_000;

const event = (quote: Quote) => `id: ${quote.at}\nevent: tick\ndata: ${JSON.stringify(quote)}\n\n`;

export function registerTickStream(app: FastifyInstance, engine: MarketEngine): void {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  app.get<{ Querystring: { symbols?: string } }>(STREAM_PATH, async (request, reply) => {
    const known = new Set((await engine.instruments()).map((i) => i.symbol));
    const symbols = [...new Set(String(request.query.symbols ?? '').split(','))]
      .filter((s) => known.has(s))
      .slice(0, MAX_SYMBOLS);
    if (symbols.length === 0) {
      return reply
        .code(400)
        .header('cache-control', 'no-store')
        .send({ error: 'name one or more known symbols' });
    }
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write('retry: 3000\n\n');
    // Resume: replay the seconds missed since the last event the client saw.
    const lastId = Number(request.headers['last-event-id']);
    const now = Date.now();
    if (Number.isFinite(lastId) && lastId > now - REPLAY_MS && lastId < now) {
      for (let t = lastId + SECOND; t <= now; t += SECOND) {
        for (const symbol of symbols) raw.write(event(engine.quote(symbol, t)));
      }
    }
    const unsubscribe = engine.hub.subscribe(symbols, (quote) => raw.write(event(quote)));
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const end = () => {
      if (!open.delete(end)) return;
      clearInterval(heartbeat);
      unsubscribe();
      raw.end();
    };
    open.add(end);
    request.raw.on('close', end);
  });
}
