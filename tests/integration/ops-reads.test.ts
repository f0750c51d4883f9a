/**
 * What the console reads (docs/operations.md): the dashboard, the withdrawals queue, a user,
 * the audit log and its CSV, operators managed by an admin, and the page itself at /ops.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import zhTW from '../../locales/zh-TW.json' with { type: 'json' };
import { ERRORS } from '../../protocol/errors.ts';
import type { AuditRow, OperatorRow, OpsUser } from '../../protocol/ops.ts';
import type { Dashboard } from '../../protocol/ops-dashboard.ts';
import { adminAudit } from '../../server/admin/audit.schema.ts';
import { rowsOf } from '../../server/db/rows.ts';
import { auditCsv } from '../../server/ops/audit-log.ts';
import { buildTestApp, FORM_HEADERS } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { freshKey, signIn } from '../helpers/login.ts';
import { newOperator, opsSignIn } from '../helpers/ops-console.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';

const target = DATABASE_TARGETS[0];
if (!target) throw new Error('no database');

describe('the console reads', () => {
  const env = useSeededApp(target);

  test('the dashboard: audit, pools against their promises, jobs, waiting work', async () => {
    const op = await newOperator(env.app, env.database, 'support');
    const answer = await op.call('dashboard');
    expect(answer.respCode, answer.respMsg).toBe('00000');
    const dashboard = answer.data as Dashboard;
    expect(dashboard.audit).toMatchObject({ balanced: true, problems: 0 });
    // The demo seed funds the staking pool; nothing is staked yet, so nothing is promised.
    const staking = dashboard.pools.find((p) => p.account === 'staking_reward_pool' && p.coin === 'USDT');
    expect(staking).toMatchObject({ balance: '100000', promised: '0', coverage: null });
    expect(dashboard).toMatchObject({ withdrawalsWaiting: 0, approvalsPending: 0 });
    // The seed's snapshot, with the posting its journal check reached (its checkpoint).
    const [latest] = rowsOf<{ id: number; through: number | null }>(
      await env.database.db.execute(
        sql`select id, journal_through::int as through from solvency_snapshots order by id desc limit 1`,
      ),
    );
    expect(latest?.through).toBeGreaterThan(0);
    expect(dashboard.solvency).toMatchObject({ id: latest?.id, journalThrough: latest?.through });
  });

  test('a user by address or referral code, read only, every lookup audited', async () => {
    const user = await signIn(env.app, freshKey());
    const support = await newOperator(env.app, env.database, 'support');
    const byAddress = await support.call('user', { query: user.account.address });
    expect(byAddress.respCode, byAddress.respMsg).toBe('00000');
    const found = byAddress.data as OpsUser;
    expect(found.address).toBe(user.account.address);
    expect(found.sessions).toHaveLength(1);
    const byCode = (await support.call('user', { query: found.inviteCode })).data as OpsUser;
    expect(byCode.address).toBe(user.account.address);
    const lookups = await env.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.command, 'console user'));
    expect(lookups.filter((r) => r.actor === support.address.toLowerCase())).toHaveLength(2);
  });

  test('the audit log: search by operator, action and user, paged by id, and as CSV', async () => {
    const auditor = await newOperator(env.app, env.database, 'auditor');
    const all = (await auditor.call('audit')).data as AuditRow[];
    expect(all.length).toBeGreaterThan(10);
    expect(all[0]?.id).toBeGreaterThan(all[1]?.id ?? Infinity);
    const seedOnly = (await auditor.call('audit', { operator: 'seed', action: 'fund' })).data as AuditRow[];
    expect(seedOnly.length).toBeGreaterThan(0);
    expect(seedOnly.every((r) => r.actor === 'seed' && r.command === 'fund')).toBe(true);
    const last = all[all.length - 1];
    const next = (await auditor.call('audit', { before: String(last?.id) })).data as AuditRow[];
    expect(next.every((r) => r.id < (last?.id ?? 0))).toBe(true);
    // A wildcard typed in the box is a character searched for, not "anything".
    expect((await auditor.call('audit', { action: '%' })).data).toEqual([]);
    const csv = (await auditor.call('audit-csv', { operator: 'seed' })).data as { csv: string; rows: number };
    expect(csv.csv.split('\r\n')[0]).toBe('"id","at","actor","command","args","reason","outcome","detail"');
    expect(csv.rows).toBe(csv.csv.trim().split('\r\n').length - 1);
  });

  test('CSV cells are quoted and spreadsheet formulas defused', () => {
    const csv = auditCsv([
      {
        id: 1,
        at: 0,
        actor: '=cmd|calc',
        command: 'x',
        args: ['a "b"'],
        reason: null,
        outcome: 'ok',
        detail: null,
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe(`"1","1970-01-01T00:00:00.000Z","'=cmd|calc","x","a ""b""","","ok",""`);
  });

  test('an admin adds and removes operators; nobody else can', async () => {
    const admin = await newOperator(env.app, env.database, 'admin');
    const key = freshKey();
    const address = privateKeyToAccount(key).address;
    const added = await admin.call('operator-add', { address, role: 'reviewer', reason: 'new reviewer' });
    expect(added.data).toMatchObject({ ok: true });
    const reviewer = await opsSignIn(env.app, key);
    expect((await reviewer.call('me')).data).toMatchObject({ role: 'reviewer' });
    expect(
      (await reviewer.call('operator-add', { address, role: 'admin', reason: 'promote myself' })).respCode,
    ).toBe(ERRORS.ops_role_forbidden.code);
    const list = (await admin.call('operators')).data as OperatorRow[];
    expect(list.find((o) => o.address === address)).toMatchObject({ role: 'reviewer', removedAt: null });
    expect((await admin.call('operator-remove', { address, reason: 'left' })).data).toMatchObject({
      ok: true,
    });
    expect((await reviewer.call('me')).respCode).toBe(ERRORS.session_ended.code);
  });

  test('the console page is served at /ops and under it, never cached; without a build, not found', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ops-page-'));
    try {
      writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
      writeFileSync(path.join(dir, 'ops.html'), '<!doctype html><title>console</title>');
      const { app } = await buildTestApp(env.database, { config: { clientDir: dir } });
      for (const url of ['/ops', '/ops/approvals']) {
        const page = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('<title>console</title>');
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
      }
      await app.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const missing = await env.app.inject({ method: 'GET', url: '/ops', headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the console speaks the browser’s language', () => {
  const env = useSeededApp(target);
  test('errors follow Accept-Language (the app’s lang cookie is not the console’s)', async () => {
    const ask = (language: string) =>
      env.app.inject({
        method: 'POST',
        url: '/adc/ops/me',
        headers: { ...FORM_HEADERS, 'accept-language': language },
        payload: '',
      });
    expect((await ask('en-GB,en;q=0.9')).json().respMsg).toBe(en.errors.session_ended);
    expect((await ask('zh-TW')).json().respMsg).toBe(zhTW.errors.session_ended);
  });
});
