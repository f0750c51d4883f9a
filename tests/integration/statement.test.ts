/**
 * Statements (10095): the records of a range as CSV, streamed. The file parses back through a CSV
 * parser to exactly the records 10011 lists (same amounts as exact decimals, same types), starts
 * with a UTF-8 byte order mark, has the same columns whatever the language, is read batch by batch
 * (a batch of three gives the same rows as one batch of all), and a bad range changes nothing and
 * answers the translated catalogue error.
 */
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { describe, expect, test } from 'vitest';
import { codePath } from '../../protocol/envelope.ts';
import { ERRORS } from '../../protocol/errors.ts';
import { STATEMENT_COLUMNS } from '../../protocol/statements.ts';
import { statementChunks } from '../../server/modules/statements/statement.ts';
import { dataOf, FORM_HEADERS, post } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { signIn, TEST_KEYS } from '../helpers/login.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';
import { depositTo, fundedWallet } from '../helpers/wallets.ts';

const DAY = 24 * 60 * 60 * 1000;

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`statements on ${target.name}`, () => {
    const env = useSeededApp(target, { demo: true });

    /** A statement's raw answer (post() reads every answer as an envelope). */
    const download = (range: Record<string, string>, headers: Record<string, string> = {}) =>
      env.app.inject({
        method: 'POST',
        url: codePath('10095'),
        headers: { ...FORM_HEADERS, ...headers },
        payload: new URLSearchParams(range).toString(),
      });

    async function userWithRecords() {
      const wallet = await fundedWallet(env);
      expect((await wallet.call('10012', { requestId: randomUUID() })).respCode).toBe('00000');
      for (const [coin, amount] of [
        ['USDT', '12.345678'],
        ['ETH', '0.00000001'],
        ['USDT', '250'],
      ] as const)
        await depositTo(env, wallet.address, coin, amount);
      return { signed: wallet.signed, cookie: { cookie: wallet.cookie }, call: wallet.call };
    }

    test('the CSV holds exactly the records of the range, exact decimals, same columns in every language', async () => {
      const { signed, cookie, call } = await userWithRecords();
      const records = dataOf(await call('10011', { size: '100' }));
      expect(records.list.length).toBe(4);
      // The range is anchored on the records' own times, which the database stamps: on PostgreSQL
      // its clock, not this process's (a run with a moved clock moves only the processes: docs/testing.md).
      const stamped = records.list.map((r) => r.createdAt);
      const first = Math.min(...stamped);
      const range = { from: String(first - DAY), to: String(Math.max(...stamped) + DAY) };

      const texts: string[] = [];
      for (const lang of ['en', 'ar', 'zh-CN']) {
        const response = await download(range, { cookie: `${signed.cookieHeader}; lang=${lang}` });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(response.headers['content-disposition']).toMatch(
          /^attachment; filename="meridian-statement-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/,
        );
        expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
        texts.push(response.body);
      }
      // Not a byte differs between languages.
      expect(new Set(texts).size).toBe(1);

      const rows = parse(texts[0] ?? '', { bom: true, columns: true }) as Record<string, string>[];
      expect(Object.keys(rows[0] ?? {})).toEqual([...STATEMENT_COLUMNS]);
      // Oldest first; the same records 10011 lists newest first.
      const expected = [...records.list].reverse();
      expect(rows).toEqual(
        expected.map((r) => ({
          time_utc: new Date(r.createdAt).toISOString(),
          type: r.type,
          coin: r.coin,
          amount: r.amount,
          record_id: String(r.id),
          demo: r.demo ? 'yes' : 'no',
        })),
      );
      expect(rows.map((r) => r.amount)).toEqual(['1000', '12.345678', '0.00000001', '250']);

      // A range that ends before the records has the header only.
      const before = await download({ from: String(first - 3 * DAY), to: String(first - 2 * DAY) }, cookie);
      expect(parse(before.body, { bom: true, columns: true })).toEqual([]);

      // Batch by batch: three rows at a time give the same text as one read of all.
      const pieces: string[] = [];
      for await (const piece of statementChunks(
        env.database.db,
        signed.account.address,
        {
          from: Number(range.from),
          to: Number(range.to),
        },
        3,
      )) {
        pieces.push(piece);
      }
      expect(pieces.length).toBe(3);
      expect(pieces.join('')).toBe(texts[0]);
    });

    test('a bad range answers E2095 or a field error; another wallet sees none of these rows; no session is 500', async () => {
      const { cookie } = await userWithRecords();
      const now = Date.now();
      for (const range of [
        { from: String(now), to: String(now) },
        { from: String(now), to: String(now - 1) },
        { from: String(now - 367 * DAY), to: String(now) },
      ]) {
        const { response, envelope } = await post(env.app, '10095', range, cookie);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(envelope.respCode).toBe(ERRORS.statement_range_invalid.code);
        expect(envelope.respMsg).not.toBe('');
      }
      for (const range of [
        { from: 'yesterday', to: String(now) },
        { from: '-1', to: String(now) },
        { to: '5' },
      ] as Record<string, string>[]) {
        const { envelope } = await post(env.app, '10095', range, cookie);
        expect([ERRORS.field_invalid.code, ERRORS.field_required.code]).toContain(envelope.respCode);
      }
      const other = await signIn(env.app, TEST_KEYS.alice);
      const theirs = await download(
        { from: String(now - DAY), to: String(now + DAY) },
        { cookie: other.cookieHeader },
      );
      expect(parse(theirs.body, { bom: true, columns: true })).toEqual([]);
      const anonymous = await post(env.app, '10095', { from: String(now - DAY), to: String(now + DAY) });
      expect(anonymous.envelope.respCode).toBe('500');
    });
  });
}
