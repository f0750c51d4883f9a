/**
 * Market hours as the operator sets them (docs/markets.md, "Trading hours"): a closed market's
 * quote says when it opens again, and an hours change made with `admin config instrument` reaches
 * the running source (simulated or live) within the engine's instrument cache, no restart. Clocks
 * are pinned: Saturday 2026-11-28 12:00 UTC, when forex is closed until Sunday 17:00 New York.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runAdminCommand } from '../../server/admin/runner.ts';
import { asFirstSetup } from '../../server/admin/two-person.ts';
import type { Database } from '../../server/db/client.ts';
import { MarketEngine } from '../../server/modules/markets/engine.ts';
import { createSimulatedSource } from '../../server/modules/markets/feed.ts';
import { DEMO_INSTRUMENTS } from '../../server/modules/markets/instruments.ts';
import { LiveSource } from '../../server/modules/markets/live/live-source.ts';
import { openDemoDatabase } from '../helpers/seeded-app.ts';

const SATURDAY_NOON = Date.UTC(2026, 10, 28, 12);
/** Sunday 17:00 in New York (EST, UTC-5): 22:00 UTC. */
const SUNDAY_OPEN = Date.UTC(2026, 10, 29, 22);

let database: Database;
let now = SATURDAY_NOON;
const admin = (...argv: string[]) =>
  runAdminCommand(
    { argv: asFirstSetup([...argv, '--reason', 'hours test']), actor: 'ops' },
    { database, via: 'direct' },
  );

beforeAll(async () => {
  database = await openDemoDatabase();
}, 60_000);
afterAll(() => database.close());

const eurusd = DEMO_INSTRUMENTS.find((i) => i.symbol === 'EURUSD');
if (!eurusd) throw new Error('no EURUSD in the demo set');
const hoursArgs = (hours: unknown) => [
  'config',
  'instrument',
  'EURUSD',
  '--name',
  eurusd.name,
  '--category',
  eurusd.category,
  '--precision',
  String(eurusd.precision),
  '--spread',
  eurusd.spread,
  '--hours',
  JSON.stringify(hours),
  '--sort',
  String(DEMO_INSTRUMENTS.indexOf(eurusd) + 1),
  '--popular',
];

test('a closed market says when it opens; an hours change reaches the running simulated source', async () => {
  const engine = new MarketEngine({
    database,
    source: createSimulatedSource(DEMO_INSTRUMENTS, { seed: 'hours' }),
    now: () => now,
  });
  await engine.instruments();
  expect(engine.quote('EURUSD', now)).toMatchObject({ open: false, opensAt: SUNDAY_OPEN });
  // An open market says nothing of opening.
  expect(engine.quote('BTCUSDT', now).opensAt).toBeUndefined();

  // The operator opens EURUSD around the clock: after the instrument cache (10 s) it trades.
  expect((await admin(...hoursArgs({ kind: 'always' }))).ok).toBe(true);
  now += 11_000;
  await engine.instruments();
  const open = engine.quote('EURUSD', now);
  expect(open.open).toBe(true);
  expect(open.opensAt).toBeUndefined();

  // And back to the forex week: closed again on a Saturday, opening on Sunday.
  expect((await admin(...hoursArgs(eurusd.hours))).ok).toBe(true);
  now += 11_000;
  await engine.instruments();
  expect(engine.quote('EURUSD', now)).toMatchObject({ open: false, opensAt: SUNDAY_OPEN });
});

test('the live source prices a bound instrument by its hours as configured now', async () => {
  const live = new LiveSource({
    instruments: DEMO_INSTRUMENTS,
    bindings: new Map([
      [
        'EURUSD',
        {
          feed: { kind: 'pyth', id: 'a'.repeat(64) },
          markup: '0',
          staleAfterMs: 60_000,
          maxJumpPercent: '5',
        },
      ],
    ]),
    fallback: createSimulatedSource(DEMO_INSTRUMENTS, { seed: 'hours' }),
    binance: { streamBase: 'ws://127.0.0.1:1', restBase: 'http://127.0.0.1:1' },
    pyth: { base: 'http://127.0.0.1:1', apiKey: null },
    now: () => now,
  });
  live.onOracle([{ id: 'a'.repeat(64), price: '1.16', conf: '0.0001', publishedAt: 1 }], now);
  expect(live.tickAt('EURUSD', now).open).toBe(false);
  live.updateInstruments([{ ...eurusd, hours: { kind: 'always' } }]);
  expect(live.tickAt('EURUSD', now)).toMatchObject({ open: true, bid: '1.1599' });
});
