/**
 * The withdrawal address book and the daily limits, on PGlite and PostgreSQL: an address not in
 * the book is refused, a new one waits out its cooling-off (the clock moved with Vitest's Date),
 * the delay turned off makes it usable at once, the daily limit holds under 50 concurrent
 * submits; every refusal changes nothing, and the ledger audit stays clean.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import { asFirstSetup } from '../../server/admin/two-person.ts';
import { auditLedger } from '../../server/ledger/audit.ts';
import { dataOf } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { checkedAdmin } from '../helpers/direct-admin.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';
import { signWithdrawal } from '../helpers/signed-withdrawal.ts';
import { type FundedWallet, fundedWallet } from '../helpers/wallets.ts';

const TRON_TO = 'TPjjvMwjPoDC32V2dGDYTkLH4E5LAtBZ6C';
const OTHER_TO = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const HOUR = 3_600_000;
const START = Date.parse('2026-12-01T10:00:00Z');

const usdt = (address: string) => ({ coin: 'USDT', chain: 'TRC20', address });

async function save(w: FundedWallet, address: string, label = 'cold wallet') {
  return w.call('10028', { ...usdt(address), label, requestId: randomUUID() });
}

/** 10023 then 10025, signed, with no saving on the way (signWithdrawal's 10028 is refused as a duplicate). */
async function withdraw(w: FundedWallet, address: string, amount: string) {
  const terms = await w.call('10023', { ...usdt(address), amount, requestId: randomUUID() });
  if (terms.respCode !== '00000') return terms.respCode;
  const signed = await signWithdrawal(w.call, w.signed.account, { ...usdt(address), amount });
  if ('refused' in signed) return signed.refused.respCode;
  return (await w.call('10025', signed.fields)).respCode;
}

afterEach(() => {
  vi.useRealTimers();
});

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`withdrawal address book on ${target.name}`, () => {
    const env = useSeededApp(target);
    const admin = checkedAdmin(env);

    async function unchanged(w: FundedWallet, available: string) {
      expect(await w.balance('USDT')).toBe(available);
      expect(await w.balance('USDT', 'frozen')).toBe('0');
    }

    test('an address not in the book is refused at the terms and at the submit, changing nothing', async () => {
      const w = await fundedWallet(env, { USDT: '100' });
      expect(await withdraw(w, TRON_TO, '20')).toBe(ERRORS.withdrawal_address_not_saved.code);
      // Terms signed for a saved address, then submitted once it is deleted: refused too.
      await admin('config', 'address-delay', 'off');
      const saved = dataOf(await save(w, TRON_TO));
      const signed = await signWithdrawal(w.call, w.signed.account, { ...usdt(TRON_TO), amount: '20' });
      if ('refused' in signed) throw new Error(signed.refused.respCode);
      expect((await w.call('10029', { id: String(saved.id), requestId: randomUUID() })).data).toEqual({
        deleted: true,
      });
      const refused = await w.call('10025', signed.fields);
      expect(refused).toMatchObject({ respCode: ERRORS.withdrawal_address_not_saved.code });
      expect(refused.respMsg).toContain('address book');
      await unchanged(w, '100');
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('a new address waits out its cooling-off; the book shows when it becomes usable and its history', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: START });
      await admin('config', 'address-delay', '24');
      const w = await fundedWallet(env, { USDT: '100' });
      const saved = dataOf(await save(w, TRON_TO, 'Ledger'));
      expect(saved).toMatchObject({ label: 'Ledger', createdAt: START, usableFrom: START + 24 * HOUR });
      expect((await save(w, TRON_TO)).respCode).toBe(ERRORS.address_book_duplicate.code);
      expect((await save(w, '0xnot-tron')).respCode).toBe(ERRORS.address_invalid.code);

      vi.setSystemTime(START + 23 * HOUR);
      const cooling = await w.call('10023', { ...usdt(TRON_TO), amount: '20', requestId: randomUUID() });
      expect(cooling).toMatchObject({ respCode: ERRORS.withdrawal_address_cooling.code });
      expect(cooling.respMsg).toContain('2026-12-02 10:00 UTC');
      await unchanged(w, '100');

      vi.setSystemTime(START + 24 * HOUR + 1);
      expect(await withdraw(w, TRON_TO, '20')).toBe('00000');
      expect(await w.balance('USDT', 'frozen')).toBe('20');

      const book = dataOf(await w.call('10024'));
      expect(book.delayHours).toBe(24);
      expect(book.addresses.map((a) => a.label)).toEqual(['Ledger']);
      expect(book.history).toEqual([{ action: 'added', ...usdt(TRON_TO), label: 'Ledger', at: START }]);
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('with the delay off a saved address is usable at once; deleting it is in the history', async () => {
      await admin('config', 'address-delay', 'off');
      const w = await fundedWallet(env, { USDT: '100' });
      const saved = dataOf(await save(w, OTHER_TO, 'exchange'));
      expect(saved.usableFrom).toBe(saved.createdAt);
      expect(await withdraw(w, OTHER_TO, '15')).toBe('00000');
      // The details link the transaction to the chain's explorer once it has a txid.
      const [sent] = dataOf(await w.call('10026')).list;
      const id = String(sent?.id);
      expect(dataOf(await w.call('10027', { id })).explorerUrl).toBeNull();
      await admin('config', 'explorer', 'TRC20', 'https://tronscan.example/#/transaction/{txid}');
      await admin('withdrawals', 'review', id);
      await admin('withdrawals', 'process', id, '--txid', 'abc123def456');
      const details = dataOf(await w.call('10027', { id }));
      expect(details.explorerUrl).toBe('https://tronscan.example/#/transaction/abc123def456');
      expect(details.history.map((h) => h.status)).toEqual(['submitted', 'reviewed', 'processing']);
      const other = await fundedWallet(env);
      // Another user's id is not found, and their book is their own.
      expect((await other.call('10029', { id: String(saved.id), requestId: randomUUID() })).respCode).toBe(
        ERRORS.not_found.code,
      );
      expect(dataOf(await other.call('10024')).addresses).toEqual([]);
      await w.call('10029', { id: String(saved.id), requestId: randomUUID() });
      const book = dataOf(await w.call('10024'));
      expect(book.addresses).toEqual([]);
      expect(book.history.map((h) => h.action)).toEqual(['deleted', 'added']);
      expect(await withdraw(w, OTHER_TO, '15')).toBe(ERRORS.withdrawal_address_not_saved.code);
    });

    test('the daily limit holds under 50 concurrent submits, shows what is left, and a refusal changes nothing', async () => {
      await admin('config', 'address-delay', 'off');
      await admin('config', 'withdraw-limit', 'USDT', '100');
      try {
        const w = await fundedWallet(env, { USDT: '1000' });
        await save(w, TRON_TO);
        // Fifty signed withdrawals of 10, all signed before any is sent (each within the limit alone).
        const bodies = [];
        for (let i = 0; i < 50; i++) {
          const signed = await signWithdrawal(w.call, w.signed.account, { ...usdt(TRON_TO), amount: '10' });
          if ('refused' in signed) throw new Error(signed.refused.respCode);
          bodies.push(signed.fields);
        }
        const answers = await Promise.all(bodies.map((b) => w.call('10025', b)));
        const codes = answers.map((a) => a.respCode);
        expect(codes.filter((c) => c === '00000')).toHaveLength(10);
        expect(codes.filter((c) => c === ERRORS.withdrawal_daily_limit.code)).toHaveLength(40);
        expect(await w.balance('USDT', 'frozen')).toBe('100');
        expect(await w.balance('USDT')).toBe('900');
        const option = dataOf(await w.call('10022')).find((o) => o.coin === 'USDT' && o.chain === 'TRC20');
        expect(option).toMatchObject({ dailyLimit: '100', leftToday: '0' });
        const refused = await w.call('10023', { ...usdt(TRON_TO), amount: '10', requestId: randomUUID() });
        expect(refused.respMsg).toContain('0 USDT');
        // A rejected withdrawal gives its share of the limit back.
        const first = answers.find((a) => a.respCode === '00000')?.data;
        await admin('withdrawals', 'reject', String(first?.id));
        expect(dataOf(await w.call('10022')).find((o) => o.coin === 'USDT')?.leftToday).toBe('10');
        expect((await auditLedger(env.database.db)).ok).toBe(true);
      } finally {
        await admin('config', 'withdraw-limit', 'USDT', '100000');
      }
    });

    test('admin refuses bad settings', async () => {
      const bad = async (...argv: string[]) => {
        const { runAdminCommand } = await import('../../server/admin/runner.ts');
        const r = await runAdminCommand(
          { argv: asFirstSetup([...argv, '--reason', 'test']), actor: 'ops' },
          { database: env.database, via: 'direct' },
        );
        expect(r.ok).toBe(false);
      };
      await bad('config', 'address-delay', '-1');
      await bad('config', 'withdraw-limit', 'NOPE', '10');
      await bad('config', 'withdraw-limit', 'USDT', 'ten');
      await bad('config', 'explorer', 'ERC20', 'http://etherscan.io/tx/{txid}');
      await bad('config', 'explorer', 'ERC20', 'https://etherscan.io/tx/');
    });
  });
}
