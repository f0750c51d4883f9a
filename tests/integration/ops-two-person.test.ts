/**
 * The two-person rule (docs/operations.md), for each kind of action: pool funding and defunding,
 * manual adjustments, money terms, and withdrawals above their coin's dual limit. One operator
 * alone changes nothing; a second approves; the same operator twice is refused; a request
 * expires; a refused request never runs; two approvers at once run it once. The CLI follows the
 * same rule, but for first set-up while no operator exists.
 */
import { eq } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import type { Envelope } from '../../protocol/envelope.ts';
import { ERRORS } from '../../protocol/errors.ts';
import type { Approval, CommandAnswer } from '../../protocol/ops.ts';
import { adminAudit } from '../../server/admin/audit.schema.ts';
import { approvals } from '../../server/admin/operators.schema.ts';
import { runAdminCommand } from '../../server/admin/runner.ts';
import { auditLedger } from '../../server/ledger/audit.ts';
import { balanceOf, systemAccount, userAccount } from '../../server/ledger/ledger.ts';
import { ensureUser } from '../../server/modules/account/account.repository.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { newOperator, type SignedOperator } from '../helpers/ops-console.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';
import { submitted } from '../helpers/sender-env.ts';

const ALICE_USER = '0x00000000000000000000000000000000000a11ce';

for (const target of DATABASE_TARGETS)
  describe.skipIf(!target.available)(`two-person rule, ${target.name}`, () => {
    const env = useSeededApp(target);
    const cli = (...argv: string[]) =>
      runAdminCommand(
        { argv: [...argv, '--reason', 'cli test'], actor: 'root' },
        { database: env.database, via: 'direct' },
      );
    const pool = () => balanceOf(env.database.db, systemAccount('staking_reward_pool'), 'USDT');
    const command = async (op: SignedOperator, argv: string[], reason = 'because the test says so') => {
      const answer = await op.call('command', { argv: JSON.stringify(argv), reason });
      expect(answer.respCode, answer.respMsg).toBe('00000');
      return answer.data as CommandAnswer;
    };
    const pending = async (op: SignedOperator, argv: string[]) => {
      const answer = await command(op, argv);
      if (answer.status !== 'pending') throw new Error(`expected a request, got ${JSON.stringify(answer)}`);
      return answer.approval;
    };
    const approve = (op: SignedOperator, id: number) => op.call('approve', { id: String(id) });
    const ok = (e: Envelope) => {
      expect(e.respCode, e.respMsg).toBe('00000');
      return e.data as Approval;
    };

    let treasurerA: SignedOperator;
    let treasurerB: SignedOperator;
    test('while no operator exists the CLI runs money commands only as first set-up', async () => {
      const refused = await cli('fund', 'staking-pool', 'USDT', '5');
      expect(refused.exitCode).toBe(2);
      expect(refused.text).toMatch(/--first-setup/);
      const before = await pool();
      expect((await cli('fund', 'staking-pool', 'USDT', '5', '--first-setup')).ok).toBe(true);
      expect(await pool()).toBe(String(Number(before) + 5));
      treasurerA = await newOperator(env.app, env.database, 'treasurer');
      treasurerB = await newOperator(env.app, env.database, 'treasurer');
      // Once operators exist, first set-up is over, and the CLI's request waits like anyone's.
      const late = await cli('fund', 'staking-pool', 'USDT', '5', '--first-setup');
      expect(late.exitCode).toBe(2);
      const asked = await cli('fund', 'staking-pool', 'USDT', '7');
      expect(asked.ok, asked.text).toBe(true);
      const request = (asked.json as { pending: Approval }).pending;
      expect(request).toMatchObject({ status: 'pending', requestedBy: 'root', command: 'fund' });
      expect(await pool()).toBe(String(Number(before) + 5));
      const approved = ok(await approve(treasurerA, request.id));
      expect(approved).toMatchObject({ status: 'approved', decidedBy: treasurerA.address.toLowerCase() });
      expect(await pool()).toBe(String(Number(before) + 12));
    });

    test('funding: one treasurer asks, the same one cannot approve, support cannot, a second one does', async () => {
      const before = await pool();
      const request = await pending(treasurerA, ['fund', 'staking-pool', 'USDT', '100']);
      expect(await pool()).toBe(before);
      expect((await approve(treasurerA, request.id)).respCode).toBe(ERRORS.approval_own_request.code);
      const support = await newOperator(env.app, env.database, 'support');
      expect((await approve(support, request.id)).respCode).toBe(ERRORS.ops_role_forbidden.code);
      expect(await pool()).toBe(before);
      const approved = ok(await approve(treasurerB, request.id));
      expect(approved.status).toBe('approved');
      expect(await pool()).toBe(String(Number(before) + 100));
      // Decided once: approving again changes nothing.
      expect((await approve(treasurerB, request.id)).respCode).toBe(ERRORS.approval_decided.code);
      expect(await pool()).toBe(String(Number(before) + 100));
      // The audit names the approver as the actor and the request and its asker in the reason.
      const rows = await env.database.db.select().from(adminAudit).where(eq(adminAudit.command, 'fund'));
      const ran = rows.find((r) => r.reason?.includes(`approval #${request.id},`));
      expect(ran).toMatchObject({ actor: treasurerB.address.toLowerCase(), outcome: 'ok' });
      expect(ran?.reason).toContain(treasurerA.address.toLowerCase());
    });

    test('defunding and adjustments wait too; a request that no longer fits fails when approved', async () => {
      const held = await pool();
      const all = await pending(treasurerA, ['defund', 'staking-pool', 'USDT', held]);
      const some = await pending(treasurerA, ['defund', 'staking-pool', 'USDT', '1']);
      ok(await approve(treasurerB, some.id));
      // The pool now holds less than the first request takes: it fails, and nothing moves.
      const failed = ok(await approve(treasurerB, all.id));
      expect(failed.status).toBe('failed');
      expect(failed.outcome).toMatch(/cannot take/);
      expect(await pool()).toBe(String(Number(held) - 1));

      const user = ALICE_USER;
      const adjust = await pending(treasurerA, ['adjust', user, 'USDT', '+25']);
      expect(await balanceOf(env.database.db, userAccount(user), 'USDT')).toBe('0');
      ok(await approve(treasurerB, adjust.id));
      expect(await balanceOf(env.database.db, userAccount(user), 'USDT')).toBe('25');
    });

    test('a request expires, and a refused one never runs', async () => {
      const before = await pool();
      const late = await pending(treasurerA, ['fund', 'staking-pool', 'USDT', '3']);
      await env.database.db
        .update(approvals)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(approvals.id, late.id));
      expect((await approve(treasurerB, late.id)).respCode).toBe(ERRORS.approval_expired.code);
      const [row] = await env.database.db.select().from(approvals).where(eq(approvals.id, late.id));
      expect(row?.status).toBe('expired');

      const unwanted = await pending(treasurerA, ['fund', 'staking-pool', 'USDT', '4']);
      expect((await treasurerB.call('refuse', { id: String(unwanted.id) })).respCode).toBe(
        ERRORS.ops_reason_required.code,
      );
      expect(
        ok(await treasurerB.call('refuse', { id: String(unwanted.id), reason: 'not budgeted' })).status,
      ).toBe('refused');
      expect((await approve(treasurerB, unwanted.id)).respCode).toBe(ERRORS.approval_decided.code);
      expect(await pool()).toBe(before);
    });

    test('two approvers at once run a request once', async () => {
      const third = await newOperator(env.app, env.database, 'treasurer');
      const before = await pool();
      const request = await pending(treasurerA, ['fund', 'staking-pool', 'USDT', '10']);
      const answers = await Promise.all([approve(treasurerB, request.id), approve(third, request.id)]);
      expect(answers.filter((a) => a.respCode === '00000')).toHaveLength(1);
      expect(answers.filter((a) => a.respCode === ERRORS.approval_decided.code)).toHaveLength(1);
      expect(await pool()).toBe(String(Number(before) + 10));
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('money terms: a staking plan changes only when a second configurer approves, after a preview', async () => {
      const configurerA = await newOperator(env.app, env.database, 'configurer');
      const configurerB = await newOperator(env.app, env.database, 'configurer');
      const argv = [
        'config',
        'staking-plan',
        'USDT',
        '7',
        '--apr',
        '9',
        '--min',
        '10',
        '--max',
        '10000',
        '--quota',
        '1000000',
      ];
      const preview = await configurerA.call('preview', { argv: JSON.stringify(argv) });
      expect(preview.respCode).toBe('00000');
      const changes = (preview.data as { changes: { path: string; before: unknown; after: unknown }[] })
        .changes;
      expect(changes.some((c) => /apr/i.test(c.path) && c.after !== c.before)).toBe(true);
      const aprOf = async () => {
        const plans = await cli('staking', 'plans', '--json');
        const list = plans.json as { coin: string; days: number; apr: string }[];
        return list.find((p) => p.coin === 'USDT' && p.days === 7)?.apr;
      };
      const before = await aprOf();
      expect(before).toBeDefined();
      const request = await pending(configurerA, argv);
      expect(await aprOf()).toBe(before);
      // A treasurer moves money; terms are the configurers' (the role that may run the command).
      expect((await approve(treasurerB, request.id)).respCode).toBe(ERRORS.ops_role_forbidden.code);
      ok(await approve(configurerB, request.id));
      expect(await aprOf()).not.toBe(before);
    });

    test('withdrawals above the dual limit need two different reviewers', async () => {
      const configurerA = await newOperator(env.app, env.database, 'configurer');
      const configurerB = await newOperator(env.app, env.database, 'configurer');
      const dual = await pending(configurerA, [
        'config',
        'withdraw-auto',
        'USDT',
        'BEP20',
        '--off',
        '--dual',
        '100',
      ]);
      ok(await approve(configurerB, dual.id));
      const user = privateKeyToAccount(generatePrivateKey());
      await ensureUser(env.database.db, user.address, null);
      ok(
        await approve(treasurerB, (await pending(treasurerA, ['adjust', user.address, 'USDT', '+1000'])).id),
      );
      const id = await submitted(env.database, user, {
        coin: 'USDT',
        chain: 'BEP20',
        address: '0x000000000000000000000000000000000000b0b0',
        amount: '500',
      });
      const reviewerA = await newOperator(env.app, env.database, 'reviewer');
      const reviewerB = await newOperator(env.app, env.database, 'reviewer');
      const first = await command(reviewerA, ['withdrawals', 'review', String(id)]);
      expect(first).toMatchObject({ status: 'done', ok: true });
      expect((await reviewerA.call('withdrawal', { id: String(id) })).data).toMatchObject({
        withdrawal: { status: 'submitted' },
      });
      // The same reviewer again is still one approval.
      await command(reviewerA, ['withdrawals', 'review', String(id)]);
      expect((await reviewerA.call('withdrawal', { id: String(id) })).data).toMatchObject({
        withdrawal: { status: 'submitted' },
      });
      await command(reviewerB, ['withdrawals', 'review', String(id)]);
      expect((await reviewerB.call('withdrawal', { id: String(id) })).data).toMatchObject({
        withdrawal: { status: 'reviewed' },
      });
    });
  });
