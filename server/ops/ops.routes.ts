/**
 * The operator console's HTTP side (docs/operations.md): `POST /adc/ops/<call>` behind the same
 * CSRF guard and per-IP budget as every product call (server/app.ts), an operator session
 * (./session.ts) of a role allowed the call (protocol/ops.ts CALL_ROLES), a budget per operator,
 * and the console's page at /ops, a bundle of its own that user pages never load.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { DomainError } from '../../protocol/domain-error.ts';
import type { Envelope } from '../../protocol/envelope.ts';
import { LANGUAGES, type Language } from '../../protocol/languages.ts';
import {
  ARGV_MAX_LENGTH,
  approvalsRequest,
  auditRequest,
  CALL_ROLES,
  callAllowed,
  commandRequest,
  decideRequest,
  idRequest,
  type OperatorInfo,
  type OpsAnswers,
  operatorAddRequest,
  operatorRemoveRequest,
  opsChallengeRequest,
  opsLoginRequest,
  previewRequest,
  type SessionCall,
  userRequest,
  withdrawalsRequest,
} from '../../protocol/ops.ts';
import { type FormBody, parseForm } from '../../protocol/validation.ts';
import { listApprovals } from '../admin/approvals.ts';
import { adminAudit } from '../admin/audit.schema.ts';
import { listOperators } from '../admin/operators.ts';
import { runAdminCommand } from '../admin/runner.ts';
import type { Database } from '../db/client.ts';
import { siweOrigin } from '../modules/account/index.ts';
import { AUDIT_CSV_MAX, auditCsv, searchAudit } from './audit-log.ts';
import {
  approveRequest,
  previewConsoleCommand,
  refuseRequest,
  runConsoleCommand,
} from './console-command.ts';
import { dashboardReader } from './dashboard.ts';
import {
  clearOperatorCookie,
  liveOperatorSession,
  type OperatorSession,
  openOperatorSession,
  revokeOperatorSession,
} from './session.ts';
import { operatorChallenge, redeemOperatorChallenge } from './sign-in.ts';
import { lookUpUser } from './user-lookup.ts';
import { withdrawalDetail, withdrawalQueue } from './withdrawal-queue.ts';

export interface OpsDeps {
  database: Database;
  publicUrl: string | null;
  clientDir: string;
  /** Calls a minute per operator. */
  rateLimitPerOperator: number;
  /** After a change committed (the server drops its configuration cache). */
  onChange: () => void;
}

/**
 * The form's fields checked as every product call's are (protocol/validation.ts parseForm), but
 * for a command's words (`argv`), which an announcement in several languages makes longer.
 */
function input<T extends v.GenericSchema>(schema: T, body: unknown): v.InferOutput<T> {
  const parsed = parseForm(schema, (body ?? {}) as FormBody, { argv: ARGV_MAX_LENGTH });
  if (!parsed.ok) throw new DomainError(parsed.error, parsed.params);
  return parsed.value;
}

/** The first language of an Accept-Language header the bundles have (`zh` alone is zh-CN). */
export function acceptedLanguage(header: string | undefined): Language | null {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim() ?? '';
    const exact = LANGUAGES.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const base = tag.split('-')[0]?.toLowerCase() ?? '';
    if (base === 'zh') return /-(tw|hk|mo|hant)/i.test(tag) ? 'zh-TW' : 'zh-CN';
    const byBase = LANGUAGES.find((l) => l.toLowerCase() === base);
    if (byBase) return byBase;
  }
  return null;
}

const info = (s: OperatorSession): OperatorInfo => ({
  address: s.address,
  role: s.role,
  idleExpiresAt: s.idleExpiresAt,
  expiresAt: s.expiresAt,
});

type Handlers = {
  [C in SessionCall]: (
    session: OperatorSession,
    body: unknown,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<OpsAnswers[C]>;
};

export async function registerOps(app: FastifyInstance, deps: OpsDeps): Promise<void> {
  const { database } = deps;
  const db = database.db;
  const dashboard = dashboardReader(database);
  const consoleDeps = { database, onChange: deps.onChange };
  const audit = (s: OperatorSession, command: string, args: string[], detail: string | null) =>
    db.insert(adminAudit).values({ actor: s.key, command, args, reason: null, outcome: 'ok', detail });

  const handlers: Handlers = {
    me: async (s) => info(s),
    logout: async (s, _body, request, reply) => {
      await revokeOperatorSession(db, s.secretHash, Date.now());
      clearOperatorCookie(request, reply);
      return null;
    },
    dashboard: async () => dashboard(Date.now()),
    withdrawals: async (_s, body) => withdrawalQueue(db, input(withdrawalsRequest, body)),
    withdrawal: async (_s, body) => withdrawalDetail(db, input(idRequest, body).id),
    user: async (s, body) => {
      const { query } = input(userRequest, body);
      const user = await lookUpUser(db, query);
      await audit(s, 'console user', [query], null);
      return user;
    },
    approvals: async (_s, body) => listApprovals(db, input(approvalsRequest, body).status, new Date()),
    approve: async (s, body) => approveRequest(consoleDeps, s, input(decideRequest, body).id),
    refuse: async (s, body) => {
      const { id, reason } = input(decideRequest, body);
      if (!reason) throw new DomainError('ops_reason_required');
      return refuseRequest(consoleDeps, s, id, reason);
    },
    preview: async (s, body) => previewConsoleCommand(consoleDeps, s, input(previewRequest, body).argv),
    command: async (s, body) => runConsoleCommand(consoleDeps, s, input(commandRequest, body)),
    audit: async (_s, body) => searchAudit(db, input(auditRequest, body)),
    'audit-csv': async (s, body) => {
      const filter = input(auditRequest, body);
      const rows = await searchAudit(db, filter, AUDIT_CSV_MAX);
      await audit(s, 'console audit export', [], `${rows.length} rows`);
      return { csv: auditCsv(rows), rows: rows.length };
    },
    operators: async () => listOperators(db),
    'operator-add': async (s, body) => {
      const { address, role, reason } = input(operatorAddRequest, body);
      return runAdminCommand(
        { argv: ['operators', 'add', address, '--role', role, '--reason', reason], actor: s.key },
        { database, via: 'server' },
      ).then(({ ok, text }) => ({ ok, text }));
    },
    'operator-remove': async (s, body) => {
      const { address, reason } = input(operatorRemoveRequest, body);
      return runAdminCommand(
        { argv: ['operators', 'remove', address, '--reason', reason], actor: s.key },
        { database, via: 'server' },
      ).then(({ ok, text }) => ({ ok, text }));
    },
  };

  const perOperator = app.createRateLimit({
    max: deps.rateLimitPerOperator,
    timeWindow: 60_000,
    keyGenerator: (request) =>
      `operator:${(request as FastifyRequest & { operatorKey?: string }).operatorKey ?? ''}`,
  });

  const ok = (data: unknown): Envelope => ({ respCode: '00000', respMsg: '', data: data ?? null });

  app.post<{ Params: { call: string } }>('/adc/ops/:call', { decompress: false }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // The console has no language cookie of the app's: its messages follow the browser's.
    request.lang = acceptedLanguage(request.headers['accept-language']);
    const type = request.headers['content-type'] ?? '';
    if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded'))
      throw new DomainError('unsupported_content_type');
    const { call } = request.params;
    const now = Date.now();
    if (call === 'challenge') {
      const origin = siweOrigin(request, deps.publicUrl);
      return ok(await operatorChallenge(db, origin, input(opsChallengeRequest, request.body), now));
    }
    if (call === 'login') {
      const operator = await redeemOperatorChallenge(db, request, input(opsLoginRequest, request.body), now);
      return ok(await openOperatorSession(db, request, reply, operator, now));
    }
    if (!Object.hasOwn(CALL_ROLES, call)) throw new DomainError('unknown_code');
    const session = await liveOperatorSession(db, request, now);
    if (!session) throw new DomainError('session_ended');
    (request as FastifyRequest & { operatorKey?: string }).operatorKey = session.key;
    const limit = await perOperator(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', String(limit.ttlInSeconds));
      throw new DomainError('too_many_requests');
    }
    if (!callAllowed(session.role, call as SessionCall)) throw new DomainError('ops_role_forbidden');
    return ok(await handlers[call as SessionCall](session, request.body, request, reply));
  });

  const page = path.join(deps.clientDir, 'ops.html');
  const sendPage = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!existsSync(page)) throw new DomainError('not_found');
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('ops.html');
  };
  app.get('/ops', sendPage);
  app.get('/ops/*', sendPage);
}
