/**
 * A process killed while it holds a scheduled job's advisory lock: another process takes the job
 * over, and the work the dead process had started is done once, not twice and not never.
 *
 * The staking maturity job is made to stop in the middle of a run: the test holds the row locks of
 * one user's ledger accounts, so process A, holding the job's lock, waits inside the transaction
 * that pays that user's stake. Process B starts and cannot take the job; A is killed; B takes the
 * lock while A's transaction is still stuck, and pays the stake once A's transaction is gone.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { STAKING_LOCK_KEY } from '../../server/modules/staking/staking.job.ts';
import { dataOf } from '../helpers/app.ts';
import { postgresAvailable } from '../helpers/databases.ts';
import { freshKey } from '../helpers/login.ts';
import {
  adminCli,
  exited,
  formClient,
  postgresTarget,
  type ServerProcess,
  type ServerTarget,
  signInOver,
  startServer,
} from '../helpers/server-process.ts';
import { depositArgs } from '../helpers/wallets.ts';

const JOB_INTERVAL_MS = 300;

/** Polls `read` until it returns something other than undefined, or fails after `ms`. */
async function until<T>(what: string, read: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!postgresAvailable)('a job whose lock holder dies', () => {
  let target: ServerTarget;
  const servers: ServerProcess[] = [];
  let sql: pg.Client;
  let blocker: pg.Client;
  beforeAll(async () => {
    target = await postgresTarget();
    sql = new pg.Client({ connectionString: target.env.DATABASE_URL });
    blocker = new pg.Client({ connectionString: target.env.DATABASE_URL });
    await sql.connect();
    await blocker.connect();
  }, 60_000);
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGKILL');
    await sql?.end().catch(() => undefined);
    await blocker?.end().catch(() => undefined);
    await target?.cleanup();
  });

  /** The backend holding the staking job's lock, if any. */
  const holder = async (): Promise<number | undefined> => {
    const { rows } = await sql.query<{ pid: number }>(
      `select pid from pg_locks
        where locktype = 'advisory' and granted and classid = 0 and objid = $1 and objsubid = 1`,
      [STAKING_LOCK_KEY],
    );
    return rows[0]?.pid;
  };

  test('another process takes the job over and pays the stake exactly once', async () => {
    const env = { ...target.env, JOB_INTERVAL_MS: String(JOB_INTERVAL_MS) };
    const a = await startServer(env);
    servers.push(a);

    const call = formClient(a.url, { cookie: '' });
    const address = (await signInOver(call, freshKey())).toLowerCase();
    await adminCli(
      env,
      ...depositArgs({ address, coin: 'USDT', chain: 'TRC20', amount: '1000', reason: 'failover test' }),
    );
    const plans = dataOf(await call('10035'));
    const plan = plans.find((p) => p.coin === 'USDT');
    if (!plan) throw new Error('the demo configuration has no USDT staking plan');
    const staked = await call('10036', {
      planId: String(plan.id),
      amount: plan.min,
      requestId: randomUUID(),
    });
    expect(staked.respCode).toBe('00000');
    const { rows: stakeRows } = await sql.query<{ id: string; interest: string }>(
      'select id, interest from stakes where "user" = $1',
      [address],
    );
    const stake = stakeRows[0];
    if (!stake) throw new Error('no stake recorded');

    // Hold the user's ledger accounts, then let the stake fall due: A's next run takes the job's
    // lock and waits inside the transaction that pays it.
    await blocker.query('begin');
    await blocker.query('select id from ledger_accounts where owner = $1 for update', [address]);
    await sql.query(`update stakes set matures_at = now() - interval '1 second' where id = $1`, [stake.id]);
    const first = await until('process A to hold the job and wait on the ledger', async () => {
      const pid = await holder();
      const { rows } = await sql.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return pid !== undefined && (rows[0]?.n ?? 0) > 0 ? pid : undefined;
    });

    // B runs its maturity job every 300 ms too, but the lock is A's.
    const b = await startServer(env);
    servers.push(b);
    await new Promise((resolve) => setTimeout(resolve, JOB_INTERVAL_MS * 5));
    expect(await holder()).toBe(first);

    a.child.kill('SIGKILL');
    await exited(a.child);
    // The lock goes with A's connection, even though A's paying transaction is still stuck.
    const second = await until('process B to take the job over', async () => {
      const pid = await holder();
      return pid !== undefined && pid !== first ? pid : undefined;
    });
    expect(second).not.toBe(first);
    const stillStaked = await sql.query<{ status: string }>('select status from stakes where id = $1', [
      stake.id,
    ]);
    expect(stillStaked.rows[0]?.status).toBe('staked');

    await blocker.query('rollback');
    const paid = await until('the stake to be paid', async () => {
      const { rows } = await sql.query<{ status: string; earned: string | null }>(
        'select status, earned from stakes where id = $1',
        [stake.id],
      );
      return rows[0]?.status === 'redeemed' ? rows[0] : undefined;
    });
    expect(paid.earned).toBe(stake.interest);

    // Paid once: one principal entry, one interest entry, and the user holds deposit + interest.
    const { rows: entries } = await sql.query<{ type: string; n: number }>(
      `select type, count(*)::int as n from journal_entries where reference = $1 group by type order by type`,
      [`stake:${stake.id}`],
    );
    expect(entries).toEqual([
      { type: 'staking', n: 1 },
      { type: 'staking_interest', n: 1 },
      { type: 'staking_redemption', n: 1 },
    ]);
    const { rows: held } = await sql.query<{ total: string }>(
      `select (sum(balance) - 1000 - $2::numeric)::text as total from ledger_accounts
        where owner = $1 and coin = 'USDT'`,
      [address, stake.interest],
    );
    expect(Number(held[0]?.total)).toBe(0);
    const audit = JSON.parse(await adminCli(env, 'audit')) as Record<string, unknown>;
    expect(audit).toMatchObject({ ok: true, mismatchedAccounts: 0, negativeBalances: 0 });
  }, 120_000);
});
