/**
 * The "annualized up to X%" label's figure (00000 topYield): the best of the staking plans' APR
 * and the mining machines' annualized cycle return, computed from what can be bought now, with
 * where it comes from. Nothing hard-coded: changing the configuration changes it.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { annualizedReturnOf } from '../../protocol/mining.ts';
import { compare } from '../../protocol/money.ts';
import { runAdminCommand } from '../../server/admin/runner.ts';
import { asFirstSetup } from '../../server/admin/two-person.ts';
import type { Database } from '../../server/db/client.ts';
import {
  codeHandlers,
  handlerMap,
  implementedFeatures,
  readStoredConfig,
} from '../../server/modules/index.ts';
import { MarketEngine } from '../../server/modules/markets/engine.ts';
import { listMachines } from '../../server/modules/mining/mining.catalogue.ts';
import { createControlledSource } from '../helpers/controlled-prices.ts';
import { openDemoDatabase } from '../helpers/seeded-app.ts';

let database: Database;
let engine: MarketEngine;
const features = implementedFeatures(handlerMap(codeHandlers));
const admin = (...argv: string[]) =>
  runAdminCommand(
    { argv: asFirstSetup([...argv, '--reason', 'test']), actor: 'ops' },
    { database, via: 'direct' },
  );

beforeAll(async () => {
  database = await openDemoDatabase();
  const source = createControlledSource();
  // Prices the figures below are computed at, every coin a machine produces: KAS at 0.1, LTC at
  // 100, BTC at 60,000 and DOGE at 0.1. Not the simulated price of the moment: at some
  // moments (2026-12-31 23:58 UTC, say) a BTC machine then beat the best staking plan.
  source.pin('KASUSDT', '0.1', '0.1001');
  source.pin('LTCUSDT', '100', '100.05');
  source.pin('BTCUSDT', '60000', '60001');
  source.pin('DOGEUSDT', '0.1', '0.10002');
  engine = new MarketEngine({ database, source });
}, 60_000);
afterAll(() => database.close());

const top = async () => (await readStoredConfig(database.db, features, false, engine, Date.now())).topYield;

test('the best rate on offer, staking or mining, and where it comes from', async () => {
  const config = await readStoredConfig(database.db, features, false, engine, Date.now());
  const machines = (await listMachines(database.db, engine, Date.now(), { page: 1, size: 100 })).list;
  const rates = machines
    .filter((m) => !m.soldOut)
    .map((m) => annualizedReturnOf(m.cycleReturn, m.cycleDays))
    .filter((r): r is string => r !== null);
  expect(config.topYield).not.toBeNull();
  for (const r of [config.maxApr ?? '0', ...rates])
    expect(compare(config.topYield?.percent ?? '0', r)).toBeGreaterThanOrEqual(0);
  // The demo's machines earn less than its best staking plan at these prices.
  expect(config.topYield).toEqual({ percent: '18', source: 'staking' });
  expect(config.referral).toEqual({ direct: '20', indirect: '10' });
});

test('a machine that earns more takes the label, and loses it when it sells out', async () => {
  // KS5 Pro: 21 TH/s x 10 KAS x 0.1 USDT = 21 USDT a day, 630 in 30 days for 264: +138.63 % a cycle.
  expect((await admin('config', 'mining-yield', 'KAS', '--per-th', '10')).ok).toBe(true);
  const ks5 = (await listMachines(database.db, engine, Date.now(), { page: 1, size: 100 })).list.find(
    (m) => m.key === 'KS5PRO',
  );
  expect(ks5?.cycleReturn).toBe('138.63');
  expect(await top()).toEqual({ percent: '1686.66', source: 'mining', machineId: ks5?.id, name: ks5?.name });
  // The KAS output pool can no longer cover a rental: sold out, and the label falls back.
  expect((await admin('config', 'mining-yield', 'KAS', '--per-th', '100000')).ok).toBe(true);
  expect((await top())?.source).toBe('staking');
  expect((await admin('config', 'mining-yield', 'KAS', '--per-th', '3.7')).ok).toBe(true);
});

test('nothing on offer, no label', async () => {
  expect((await admin('config', 'feature', 'off', 'staking', 'mining')).ok).toBe(true);
  expect(await top()).toBeNull();
  expect((await admin('config', 'feature', 'on', 'staking', 'mining')).ok).toBe(true);
});
