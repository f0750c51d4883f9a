/**
 * Builds the HTTP application: security plugins first, then the product API, then the client.
 * Tests build it with an in-memory database and call it through `app.inject`.
 */
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ApiCode } from '../protocol/codes.ts';
import { DomainError } from '../protocol/domain-error.ts';
import { CODE_PATH_PATTERN } from '../protocol/envelope.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { createDispatcher } from './http/dispatch.ts';
import { installErrorHandler } from './http/errors.ts';
import { answerInProcess } from './http/first-read.ts';
import { loadFirstScreens } from './http/first-screen.ts';
import type { CodeHandler, Services } from './http/handler.ts';
import { requestLanguage } from './http/language.ts';
import { logSerializers } from './http/log-safety.ts';
import { postgresRateLimitStore } from './http/rate-limit-store.ts';
import { isSameOrigin } from './http/same-origin.ts';
import { securityHeaders } from './http/security-headers.ts';
import { registerClient, sendShell } from './http/static.ts';
import type { Translator } from './i18n.ts';
import { attachSession } from './modules/account/session.ts';
import { CONFIG_CHANNEL } from './modules/config/config.service.ts';
import { registerTickStream } from './modules/markets/stream.ts';
import { registerOps } from './ops/ops.routes.ts';

/** Form bodies of product calls are small; anything larger is refused before it is read. */
export const BODY_LIMIT_BYTES = 16 * 1024;

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  // TLS is the reverse proxy's job; upgrading on plain http would break a LAN or localhost start.
  upgradeInsecureRequests: null,
};

/** Security headers of every API answer (under /adc/): see the hook in buildApp. */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
};

export interface AppOptions {
  database: Database;
  config: Pick<
    ServerConfig,
    'rateLimitPerIp' | 'rateLimitPerWallet' | 'trustProxy' | 'clientDir' | 'logLevel' | 'publicUrl'
  >;
  translator: Translator;
  handlers: ReadonlyMap<ApiCode, CodeHandler>;
  services: Services;
  /**
   * Where log lines go: tests that read the log, and server/main.ts, whose destination never
   * blocks the process's exit (server/http/log-destination.ts). Without it, pino writes to stdout
   * itself, with a final flush at exit that can wait for ever on a pipe nobody reads.
   */
  loggerStream?: { write(line: string): void };
}

const NO_BUDGET_HEADERS = {
  'x-ratelimit-limit': false,
  'x-ratelimit-remaining': false,
  'x-ratelimit-reset': false,
} as const;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const processTag = crypto.randomUUID().slice(0, 8);
  let requestCount = 0;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: logSerializers,
      ...(options.loggerStream ? { stream: options.loggerStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Ids in logs tie lines of one request together without naming the client: this process's
    // random prefix and a counter (unique per process, and cheaper per request than a UUID).
    genReqId: () => {
      requestCount += 1;
      return `${processTag}-${requestCount.toString(36)}`;
    },
  }) as unknown as FastifyInstance<
    import('node:http').Server,
    import('node:http').IncomingMessage,
    import('node:http').ServerResponse,
    FastifyBaseLogger
  >;

  app.decorateRequest('lang', null);
  app.decorateRequest('wallet', null);
  app.decorateRequest('sessionHash', null);
  installErrorHandler(app, options.translator);

  const security = securityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    crossOriginEmbedderPolicy: false,
  });
  // API answers (JSON, the tick stream, statements) are never rendered as documents: they carry the
  // short set OWASP's REST Security Cheat Sheet gives for APIs, with nothing allowed to load and no
  // framing, instead of the page's dozen headers (a fifth of what a cached read cost to send).
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/adc/') ? API_SECURITY_HEADERS : security);
    done();
  });
  await app.register(fastifyCookie);
  // The larger answers (candles, lists) travel compressed: a phone on a slow network gets a third
  // of the bytes. Brotli at a middle quality costs little CPU per request; the client's files come
  // with their own brotli and gzip copies from the build (server/http/static.ts), which this
  // leaves as they are; the tick stream (text/event-stream) is never buffered for compression.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimitPerIp,
    // The budget is for the API and the tick stream. The client's files are the same for everyone
    // and cached by the browser and the service worker; a first visit (page plus the worker's
    // precache) must not spend a tenth of it.
    allowList: (request) => !request.url.startsWith('/adc/'),
    timeWindow: 60_000,
    // The budget's three headers go on the refusal only (with retry-after), not on every answer:
    // the client never reads them, and on a cached read they were a fifth of the headers sent.
    addHeadersOnExceeding: NO_BUDGET_HEADERS,
    errorResponseBuilder: () => new DomainError('too_many_requests'),
    // Several processes on one PostgreSQL share the counters; PGlite is one process.
    ...(database.kind === 'postgres' ? { store: postgresRateLimitStore(database.db) } : {}),
  });
  // Per wallet, on top of the per-IP budget: one wallet spread over many addresses is one budget.
  // (A route-level `rateLimit()` would never run: the global hook marks the request as limited.)
  const perWallet = app.createRateLimit({
    max: config.rateLimitPerWallet,
    timeWindow: 60_000,
    // Only asked for requests with a session (the pre-handler below); the rest are limited per IP.
    keyGenerator: (request) => `wallet:${request.wallet ?? ''}`,
  });
  // Only form bodies are accepted anywhere; JSON or anything else is an unsupported media type.
  app.removeAllContentTypeParsers();
  await app.register(fastifyFormbody);

  // One hook for what every product call checks first, in this order: the CSRF guard (docs/spec/design.md
  // section 4: a cross-site form post cannot set the header, nor its Origin), then the session.
  // Callback style, so a call without a session cookie (every signed-out call) costs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/adc/')) return done();
    if (request.method === 'POST') {
      if (request.headers['x-requested-with'] !== 'XMLHttpRequest')
        return done(new DomainError('csrf_header_missing'));
      const { origin } = request.headers;
      if (origin !== undefined && !isSameOrigin(origin, request.host, config.publicUrl)) {
        return done(new DomainError('csrf_header_missing'));
      }
    }
    const session = attachSession(request, database.db);
    if (session) session.then(() => done(), done);
    else done();
  });

  const dispatch = createDispatcher({
    translator: options.translator,
    db: database.db,
    handlers: options.handlers,
    services: options.services,
    featureOpen: (feature) => options.services.config.featureOpen(feature),
  });
  app.post<{ Params: { file: string } }>(
    '/adc/html/eto/:file',
    {
      // Client calls are small form posts, never compressed: no request decompression (and no
      // inflating a zip bomb); answers are still compressed.
      decompress: false,
      // One pre-handler, the wallet's budget (signed-in calls only: the rest are limited per IP)
      // and then the body's type; callback style, so a signed-out call costs no promise.
      preHandler: (request, reply, done) => {
        const checkType = () => {
          const type = request.headers['content-type'] ?? '';
          if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
            return done(new DomainError('unsupported_content_type'));
          }
          done();
        };
        if (!request.wallet) return checkType();
        perWallet(request).then((limit) => {
          if (!limit.isAllowed && limit.isExceeded) {
            reply.header('retry-after', String(limit.ttlInSeconds));
            return done(new DomainError('too_many_requests'));
          }
          checkType();
        }, done);
      },
    },
    dispatch,
  );

  if (options.services.markets) registerTickStream(app, options.services.markets);
  await registerOps(app, {
    database,
    publicUrl: config.publicUrl,
    clientDir: config.clientDir,
    rateLimitPerOperator: config.rateLimitPerWallet,
    onChange: () => {
      options.services.config.invalidate();
      // Other processes on the same PostgreSQL drop their cache too, as after a CLI change.
      if (database.kind === 'postgres') void database.notify(CONFIG_CHANNEL, '').catch(() => undefined);
    },
  });

  app.get('/healthz', async (_request, reply) => {
    try {
      await database.db.execute('select 1');
      return reply.header('cache-control', 'no-store').send({ status: 'ok', database: database.kind });
    } catch {
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'unavailable' });
    }
  });

  const hasClient = await registerClient(app, config.clientDir);
  const firstScreens = hasClient
    ? await loadFirstScreens(
        config.clientDir,
        (error) =>
          app.log.warn({ err: error }, 'the first screen render did not load; sending the plain shell'),
        (language) => options.translator.forLanguage(language)('app.needsJavaScript'),
      )
    : null;
  if (firstScreens) {
    const unsubscribe = options.services.config.onChange(() => firstScreens.forgetAnswered());
    app.addHook('onClose', async () => unsubscribe());
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (CODE_PATH_PATTERN.test(path)) throw new DomainError('method_not_allowed');
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (hasClient && request.method === 'GET' && wantsHtml && !path.startsWith('/adc/')) {
      const search = request.url.slice(path.length);
      const page = await firstScreens
        ?.page(path, search, requestLanguage(request), (read) => answerInProcess(dispatch, request, read))
        .catch((error: unknown) => {
          // The plain shell instead: the browser renders the screen itself, as it always could.
          request.log.warn({ err: error }, 'first screen render failed');
          return null;
        });
      if (!page) return sendShell(reply);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
    }
    throw new DomainError('not_found');
  });

  return app;
}
