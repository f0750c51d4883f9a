/**
 * The two-operator rule: above its coin's dual limit a withdrawal is reviewed only once two
 * different operators approved it (the same operator twice is one approval), the sender never
 * auto-approves it, and the history and the admin audit show both; then the sender pays it.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { adminAudit } from '../../server/admin/audit.schema.ts';
import { runAdminCommand } from '../../server/admin/runner.ts';
import { asFirstSetup } from '../../server/admin/two-person.ts';
import { auditLedger } from '../../server/ledger/audit.ts';
import { withdrawalEvents, withdrawals } from '../../server/modules/withdraw/withdraw.schema.ts';
import { withdrawalApprovals } from '../../server/modules/withdraw-sender/index.ts';
import { useChainDatabase } from '../helpers/chain-app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import {
  CHAIN,
  CONFIRMATIONS,
  fundedUser,
  recipient,
  senderConfig,
  senderScene,
  submitted,
  tokenBalance,
  usdtTo,
} from '../helpers/sender-env.ts';

for (const target of DATABASE_TARGETS)
  describe.skipIf(!target.available)(`two-operator approval, ${target.name}`, () => {
    const { env } = useChainDatabase(target, (usdt) => [
      ...senderConfig(usdt),
      // Auto up to 100, two operators above 1000 (an auto limit above it would still not skip them).
      ['config', 'withdraw-auto', 'USDT', CHAIN, '--limit', '2000', '--dual', '1000'],
    ]);
    const as = (actor: string, ...argv: string[]) =>
      runAdminCommand(
        { argv: asFirstSetup([...argv, '--reason', 'checked']), actor },
        { database: env.database, via: 'direct' },
      );
    const statusOf = async (id: number) =>
      (await env.database.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]?.status;

    test('above the dual limit two different operators review; the sender then pays it', async () => {
      const { pass } = await senderScene(env, '2', '5000');
      const user = await fundedUser(env.database, 'USDT', '5000');
      const to = recipient();
      const big = await usdtTo(env.database, user, to, '1500');
      const small = await submitted(env.database, user, {
        coin: 'USDT',
        chain: CHAIN,
        address: recipient(),
        amount: '900',
      });
      // The sender auto-approves the one within both limits, never the one above the dual limit.
      expect(await pass()).toMatchObject({ approved: 1, sent: 1 });
      expect(await statusOf(small)).toBe('processing');
      expect(await statusOf(big)).toBe('submitted');

      const first = await as('alice', 'withdrawals', 'review', String(big));
      expect(first.ok, first.text).toBe(true);
      expect(first.text).toMatch(/a second, different operator must review it/);
      expect(await statusOf(big)).toBe('submitted');
      const again = await as('alice', 'withdrawals', 'review', String(big));
      expect(again.text).toMatch(/a second, different operator/);
      expect(await statusOf(big)).toBe('submitted');
      expect(await pass()).toMatchObject({ approved: 0, sent: 0 });

      const second = await as('bob', 'withdrawals', 'review', String(big));
      expect(second.ok, second.text).toBe(true);
      expect(second.text).toMatch(/now reviewed \(by alice and bob\)/);
      expect(await statusOf(big)).toBe('reviewed');
      const approvals = await env.database.db
        .select()
        .from(withdrawalApprovals)
        .where(eq(withdrawalApprovals.withdrawalId, big));
      expect(approvals.map((a) => a.operator).sort()).toEqual(['alice', 'bob']);
      const [reviewed] = await env.database.db
        .select()
        .from(withdrawalEvents)
        .where(and(eq(withdrawalEvents.withdrawalId, big), eq(withdrawalEvents.status, 'reviewed')));
      expect(reviewed?.actor).toBe('operator:alice + operator:bob');
      const audit = await env.database.db
        .select()
        .from(adminAudit)
        .where(and(eq(adminAudit.command, 'withdrawals review'), eq(adminAudit.outcome, 'ok')));
      const forBig = audit.filter((a) => JSON.stringify(a.args).includes(`"${big}"`));
      expect(forBig.map((a) => a.actor)).toEqual(['alice', 'alice', 'bob']);
      // A third review is refused: it is no longer submitted.
      expect((await as('carol', 'withdrawals', 'review', String(big))).ok).toBe(false);

      expect(await pass()).toMatchObject({ sent: 1 });
      await env.chain.mine(CONFIRMATIONS);
      expect(await pass()).toMatchObject({ completed: 2 });
      expect(await tokenBalance(env, to)).toBe(1_499_000_000n);
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });
  });
