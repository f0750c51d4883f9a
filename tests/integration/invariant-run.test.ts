/**
 * The randomized invariant run over two server processes on one PostgreSQL: users spread their
 * calls over both processes at random, 12 at a time, across every money feature (withdraw,
 * exchange, stake, rent, IDO subscription, market orders and their closing, with retries of the
 * same requestId); after every operation each user's frozen and staked balances equal what that
 * user's open reservations say (tests/helpers/reservations.ts: orders, withdrawals, IDO
 * subscriptions, stakes), and at the end the audit is clean and nobody's balance is negative. The processes'
 * clocks read a Wednesday afternoon (tests/helpers/market-clock.ts): it trades EURUSD, which is
 * closed from Friday evening to Sunday evening.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import { dataOf } from '../helpers/app.ts';
import { postgresAvailable } from '../helpers/databases.ts';
import { freshKey } from '../helpers/login.ts';
import { openMarketsClockEnv } from '../helpers/market-clock.ts';
import { lcg } from '../helpers/random.ts';
import { type ReservationMismatch, reservationMismatches } from '../helpers/reservations.ts';
import { sharedSession, useServerPair } from '../helpers/server-pair.ts';
import {
  adminCli,
  type FormCall,
  formClient,
  type ServerProcess,
  signInOver,
} from '../helpers/server-process.ts';
import { signWithdrawal } from '../helpers/signed-withdrawal.ts';
import { depositArgs } from '../helpers/wallets.ts';

const OPERATIONS = 10_000;
const USERS = 12;
const PARALLEL = 12;
const TRON_TO = 'TPjjvMwjPoDC32V2dGDYTkLH4E5LAtBZ6C';

describe.skipIf(!postgresAvailable)('randomized money operations over two processes', () => {
  // One offset for both processes and every CLI call, so their clocks agree.
  const clock = openMarketsClockEnv();
  const pair = useServerPair((target) => ({
    ...target.env,
    ...clock,
    PUBLIC_URL: 'http://meridian.test',
    RATE_LIMIT_PER_IP: '1000000',
    RATE_LIMIT_PER_WALLET: '1000000',
  }));

  test(`${OPERATIONS} operations: audit clean, nobody negative, retries applied once, only allowed refusals`, async () => {
    const [a] = pair.servers as [ServerProcess, ServerProcess];
    const env = { ...pair.target.env, ...clock };
    const people: { on: [FormCall, FormCall]; account: LocalAccount }[] = [];
    // Withdrawals go to a saved address (tests/helpers/signed-withdrawal.ts saves it): usable at once.
    await adminCli(env, 'config', 'address-delay', 'off', '--reason', 'invariant run');
    for (let i = 0; i < USERS; i += 1) {
      const on = sharedSession(pair.servers);
      const key = freshKey();
      const address = await signInOver(on[0], key);
      for (const [coin, chain, amount] of [
        ['USDT', 'TRC20', '20000'],
        ['ETH', 'ERC20', '5'],
      ] as const) {
        await adminCli(env, ...depositArgs({ address, coin, chain, amount, reason: 'invariant run' }));
      }
      people.push({ on, account: privateKeyToAccount(key) });
    }
    const anyone = formClient(a.url);
    const plans = dataOf(await anyone('10035'));
    const machines = dataOf(await anyone('10050', { size: '100' })).list;
    const offerings = dataOf(await anyone('10060', { phase: 'ongoing' })).list;
    expect(plans.length).toBeGreaterThan(0);
    expect(machines.length).toBeGreaterThan(0);

    // Deterministic: the run is the same every time, apart from interleaving.
    const random = lcg(20261125).fraction;
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const codes = new Map<string, number>();
    let done = 0;
    let retries = 0;
    const one = async () => {
      const person = pick(people);
      const call = person.on[random() < 0.5 ? 0 : 1];
      const kind = random();
      const requestId = randomUUID();
      let answer: { respCode: string; data: unknown };
      if (kind < 0.15) {
        const asked = { coin: 'USDT', chain: 'TRC20', address: TRON_TO, requestId };
        // The wallet signs the terms (10023) and the signed call goes out (10025).
        const signed = await signWithdrawal(call, person.account, {
          ...asked,
          amount: String(10 + Math.floor(random() * 400)),
        });
        const fields = 'fields' in signed ? signed.fields : null;
        if (!fields) answer = (signed as { refused: { respCode: string; data: unknown } }).refused;
        else if (random() < 0.1) {
          // The same call sent to both processes at once (a retry racing the original): one effect.
          const [first, second] = await Promise.all([
            person.on[0]('10025', fields),
            person.on[1]('10025', fields),
          ]);
          // Two successes are one withdrawal answered twice. A refusal stores nothing (docs/api.md,
          // "Idempotent replay"), so the other copy ran on its own and may have met another
          // balance: the person's other calls run meanwhile. The audit below checks the money.
          if (first.respCode === '00000' && second.respCode === '00000') expect(second).toEqual(first);
          // The refusal is counted too, so the check of allowed answers below covers it.
          else codes.set(second.respCode, (codes.get(second.respCode) ?? 0) + 1);
          retries += 1;
          answer = first;
        } else answer = await call('10025', fields);
      } else if (kind < 0.35) {
        const [pair, amount] =
          random() < 0.5
            ? ['USDT_ETH', String(20 + Math.floor(random() * 500))]
            : ['ETH_USDT', (0.01 + random() * 0.3).toFixed(4)];
        const quote = await call('10030', { pair, amount });
        const quoteId = quote.data?.quote?.quoteId ?? 'none';
        answer = await call('10031', { pair, amount, quoteId, requestId });
      } else if (kind < 0.5) {
        const plan = pick(plans);
        answer = await call('10036', {
          planId: String(plan.id),
          amount: String(Math.max(Number(plan.min), 1) * (1 + Math.floor(random() * 3))),
          requestId,
        });
      } else if (kind < 0.6) {
        answer = await call('10052', { productId: String(pick(machines).id), quantity: '1', requestId });
      } else if (kind < 0.65 && offerings.length > 0) {
        answer = await call('10063', { offeringId: String(pick(offerings).id), shares: '1', requestId });
      } else if (kind < 0.85) {
        answer = await call('10073', {
          kind: 'market',
          side: random() < 0.5 ? 'buy' : 'sell',
          symbol: 'EURUSD',
          lots: '0.01',
          requestId,
        });
      } else {
        const current = (await call('10080')).data;
        const position = current?.positions[0];
        answer = position ? await call('10076', { id: String(position.id), requestId }) : await call('10008');
      }
      codes.set(answer.respCode, (codes.get(answer.respCode) ?? 0) + 1);
      done += 1;
    };
    // After every operation, in one statement (a snapshot between commits): reservations = holdings.
    // A connection per worker: one client shared by them would queue their queries (pg@9 refuses).
    const reader = new pg.Pool({ connectionString: pair.target.env.DATABASE_URL, max: PARALLEL });
    let checks = 0;
    const mismatches: ReservationMismatch[] = [];
    const workers = Array.from({ length: PARALLEL }, async () => {
      while (done < OPERATIONS) {
        await one();
        const found = await reservationMismatches((text) => reader.query(text));
        checks += 1;
        if (mismatches.length < 5) mismatches.push(...found);
      }
    });
    await Promise.all(workers);
    await reader.end();
    expect(mismatches).toEqual([]);
    expect(checks).toBeGreaterThanOrEqual(OPERATIONS);

    expect(JSON.parse(await adminCli(env, 'audit'))).toMatchObject({
      ok: true,
      mismatchedAccounts: 0,
      negativeBalances: 0,
    });
    // Only answers the rules allow: success, or a refusal the user can act on (never E1000).
    const allowed = new Set<string>([
      '00000',
      ...(
        [
          'insufficient_balance',
          'amount_out_of_range',
          'plan_sold_out',
          'machine_joint_only',
          'machine_sold_out',
          'ido_share_limit',
          'order_not_modifiable',
          'quote_expired',
          'exchange_inventory_insufficient',
        ] as const
      ).map((name) => ERRORS[name].code),
    ]);
    expect([...codes.keys()].filter((c) => !allowed.has(c))).toEqual([]);
    expect(codes.get('00000') ?? 0).toBeGreaterThan(OPERATIONS / 4);
    expect(retries).toBeGreaterThan(10);
    console.info(
      `[invariant run] ${done} operations over 2 processes, ${retries} raced retries: ${JSON.stringify(Object.fromEntries(codes))}`,
    );
  }, 600_000);
});
