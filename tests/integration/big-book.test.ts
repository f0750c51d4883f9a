/**
 * The big book's small form (bench/big-book.ts, issue #41): a PostgreSQL database filled with a
 * year of history for 1,000 users by the benchmark's own set-based fill must pass `admin audit`,
 * and the hot reads and money writes the benchmark times must answer what that history holds, as
 * the deep user (100 activity cycles, 25 rentals, 8 invitees) and the young one (one of each).
 * Behaviour only: timings are the benchmark's business.
 */
import { sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Book, createBook } from '../../bench/big-book-database.ts';
import { CYCLES, DEEP_CYCLES, RENTAL_DAYS } from '../../bench/big-book-fill.ts';
import { openTarget, type Target, writeRound, YEAR_RANGE } from '../../bench/big-book-measure.ts';
import { codePath } from '../../protocol/envelope.ts';
import { runAdminCommand } from '../../server/admin/runner.ts';
import { rowsOf } from '../../server/db/rows.ts';
import { balanceOf, userAccount } from '../../server/ledger/ledger.ts';
import { caller, dataOf, FORM_HEADERS } from '../helpers/app.ts';
import { postgresAvailable } from '../helpers/databases.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = 1_000;

describe.skipIf(!postgresAvailable)('the big book, small form, on PostgreSQL', () => {
  const keys = { deep: generatePrivateKey(), young: generatePrivateKey() };
  const address = {
    deep: privateKeyToAccount(keys.deep).address.toLowerCase(),
    young: privateKeyToAccount(keys.young).address.toLowerCase(),
  };
  let book: Book;
  let target: Target;
  const as = (who: 'deep' | 'young') => caller(target.app, { cookie: target.cookies[who] });
  const audit = () =>
    runAdminCommand({ argv: ['audit'], actor: 'test' }, { database: book.database, via: 'direct' });
  const count = async (text: string) =>
    Number(rowsOf<{ n: string }>(await book.database.db.execute(sql.raw(text)))[0]?.n ?? -1);

  beforeAll(async () => {
    book = await createBook({
      adminUrl: ADMIN_URL,
      name: `bigbook_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`,
      users: USERS,
      deepAddress: address.deep,
      youngAddress: address.young,
      log: () => {},
    });
    target = await openTarget(book.database, keys, 2);
  }, 120_000);

  afterAll(async () => {
    await target?.app.close();
    await book?.dispose();
  });

  it('fills about 200 postings a user, with a clean audit', async () => {
    expect(book.fill.postings).toBeGreaterThan(USERS * 190);
    expect(book.fill.postings).toBeLessThan(USERS * 240);
    expect(book.fill.candles).toBe(20 * 5_256);
    const result = await audit();
    expect(result.ok, result.text).toBe(true);
    expect(result.json).toMatchObject({ ok: true, mismatchedAccounts: 0, negativeBalances: 0 });
  });

  it('answers the history each user has', async () => {
    const assets = dataOf(await as('deep')('10010'));
    const usdt = assets.assets.find((a) => a.coin === 'USDT');
    expect(usdt?.available).toBe(await balanceOf(book.database.db, userAccount(address.deep), 'USDT'));

    const records = await count(
      `select count(*) as n from postings p join ledger_accounts a on a.id = p.account_id
       where a.owner = '${address.deep}' and a.bucket = 'available'`,
    );
    const first = dataOf(await as('deep')('10011', { page: '1', size: '20' }));
    expect(first.total).toBe(records);
    expect(first.list).toHaveLength(20);
    const ids = first.list.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const lastPage = Math.ceil(records / 20);
    const last = dataOf(await as('deep')('10011', { page: String(lastPage), size: '20' }));
    expect(last.list).toHaveLength(records - (lastPage - 1) * 20);
    expect(last.list.at(-1)?.type).toBe('deposit');

    // Any page, filtered or not, is the window of the wallet's lines newest first.
    const filters: Record<string, string>[] = [
      {},
      { coin: 'BTC' },
      { type: 'mining_earnings' },
      { type: 'deposit', coin: 'USDT' },
    ];
    for (const filter of filters) {
      const where = [
        `a.owner = '${address.deep}'`,
        `a.bucket = 'available'`,
        ...(filter.coin ? [`p.coin = '${filter.coin}'`] : []),
        ...(filter.type ? [`e.type = '${filter.type}'`] : []),
      ].join(' and ');
      const expected = rowsOf<{ id: string }>(
        await book.database.db.execute(
          sql.raw(`select p.id from postings p join ledger_accounts a on a.id = p.account_id
            join journal_entries e on e.id = p.entry_id where ${where} order by p.id desc`),
        ),
      ).map((r) => Number(r.id));
      for (const page of [1, 3, Math.ceil(expected.length / 50)]) {
        const answer = dataOf(await as('deep')('10011', { ...filter, page: String(page), size: '50' }));
        expect(answer.total).toBe(expected.length);
        expect(answer.list.map((r) => r.id)).toEqual(expected.slice((page - 1) * 50, page * 50));
      }
    }

    expect(dataOf(await as('deep')('10037')).total).toBe(DEEP_CYCLES);
    expect(dataOf(await as('young')('10037')).total).toBe(1);
    expect(dataOf(await as('deep')('10053')).total).toBe(DEEP_CYCLES / CYCLES);
    expect(dataOf(await as('young')('10053')).total).toBe(1);
    expect(dataOf(await as('deep')('10081')).total).toBe(2 * DEEP_CYCLES);
    expect(dataOf(await as('young')('10081')).total).toBe(2);
    expect(dataOf(await as('deep')('10026')).total).toBe(0);
    expect(dataOf(await as('deep')('10064')).total).toBe(0);
    const referral = dataOf(await as('deep')('100201'));
    // Users 3 to 10 were invited by the deep user; each paid four exchange fees.
    expect(referral.direct).toBe(8);
    // Their invitees, users 11 to 62 (invited by user 2 + u / 7), are the deep user's second level.
    expect(referral.indirect).toBe(52);
    expect(referral.invitees.total).toBe(8 + 52);
    expect(
      await count(`select count(*) as n from referral_rewards where beneficiary = '${address.deep}'`),
    ).toBe(8 * CYCLES);
    expect(await count(`select count(*) as n from mining_income where "user" = '${address.young}'`)).toBe(
      RENTAL_DAYS,
    );
  });

  it('streams the year as CSV: one line per record of the year', async () => {
    const range = YEAR_RANGE();
    const response = await target.app.inject({
      method: 'POST',
      url: codePath('10095'),
      headers: { ...FORM_HEADERS, cookie: target.cookies.deep },
      payload: new URLSearchParams({ from: String(range.from), to: String(range.to) }).toString(),
    });
    expect(response.statusCode).toBe(200);
    const inYear = await count(
      `select count(*) as n from postings p join ledger_accounts a on a.id = p.account_id
       join journal_entries e on e.id = p.entry_id
       where a.owner = '${address.deep}' and a.bucket = 'available'
         and e.created_at >= to_timestamp(${range.from} / 1000.0) and e.created_at < to_timestamp(${range.to} / 1000.0)`,
    );
    expect(inYear).toBeGreaterThan(1_000);
    expect(response.body.trimEnd().split('\n')).toHaveLength(1 + inYear);
  });

  it('takes each money write for both users, and the books stay balanced', async () => {
    for (const who of ['deep', 'young'] as const) {
      const done: string[] = [];
      await writeRound(target, who, (code) => done.push(code));
      expect(done).toEqual(['10031', '10036', '10052', '10063', '10073', '10076']);
    }
    expect(dataOf(await as('deep')('10037')).total).toBe(DEEP_CYCLES + 1);
    expect(dataOf(await as('young')('10064')).total).toBe(1);
    expect(dataOf(await as('young')('10081')).total).toBe(3);
    const result = await audit();
    expect(result.ok, result.text).toBe(true);
  });
});
