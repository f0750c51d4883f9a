/**
 * Operator mining commands: machine products, the demo oracle's output per TH/s, declared daily
 * output, the product list with what is left, and the settlement job on demand (docs/mining.md).
 */
import { and, count, eq, or } from 'drizzle-orm';
import {
  HASHRATE_DECIMALS,
  MINING_ALGORITHMS,
  MINING_MAX_CYCLE_DAYS,
  MINING_MAX_UNITS,
  type MiningAlgorithm,
  parseDay,
} from '../../../protocol/mining.ts';
import { dec, fmt } from '../../../protocol/money.ts';
import { coins } from '../../modules/config/config.schema.ts';
import { listMachines } from '../../modules/mining/mining.catalogue.ts';
import { lastEndedDay, runSettlement } from '../../modules/mining/mining.job.ts';
import { miningHoldings, miningProducts, miningYields } from '../../modules/mining/mining.schema.ts';
import { type Declaration, DeclarationNotCovered, declareOutput } from '../../modules/mining/mining.terms.ts';
import { type AdminCommand, AdminUsageError, jobBusy } from '../command.ts';
import { decimalOption, flagOptions, need, valueOptions, wholeNumber } from '../options.ts';
import { listOutput } from '../text.ts';

const KEY = /^[A-Z0-9][A-Z0-9-]{0,23}$/;
const USDT_DECIMALS = 6;

async function coinPrecision(db: Parameters<AdminCommand['run']>[0]['db'], coin: string | undefined) {
  const [row] = await db
    .select({ precision: coins.precision })
    .from(coins)
    .where(eq(coins.symbol, coin ?? ''));
  if (!coin || !row) throw new AdminUsageError(`unknown coin ${coin ?? ''}; add it with "config coin" first`);
  return row.precision;
}

function textOption(raw: string | boolean | undefined, name: string, max = 120): string {
  const value = need(raw, `--${name}`).trim();
  if (value.length > max) throw new AdminUsageError(`--${name} is at most ${max} characters`);
  return value;
}

/**
 * A holding is paid its units out of the shares the machine had when it was bought, in the coin
 * it was bought for: while holdings run, another coin, kind (rental or joint) or number of shares
 * would pay them from a different reserve or a different split of the output. The product row is
 * locked first, as a purchase locks it, so no purchase slips in between the count and the change.
 */
async function refuseFixedTermsChange(
  db: Parameters<AdminCommand['run']>[0]['db'],
  next: { key: string; coin: string; joint: boolean; shares: number },
): Promise<void> {
  const [current] = await db
    .select({
      id: miningProducts.id,
      coin: miningProducts.coin,
      joint: miningProducts.joint,
      shares: miningProducts.shares,
    })
    .from(miningProducts)
    .where(eq(miningProducts.key, next.key))
    .for('update');
  if (!current) return;
  const split = current.joint && next.joint && current.shares !== next.shares;
  if (current.coin === next.coin && current.joint === next.joint && !split) return;
  const [running] = await db
    .select({ n: count() })
    .from(miningHoldings)
    .where(and(eq(miningHoldings.productId, current.id), eq(miningHoldings.status, 'active')));
  const n = running?.n ?? 0;
  if (n === 0) return;
  throw new AdminUsageError(
    `machine ${next.key} has ${n} active holding${n === 1 ? '' : 's'}: its coin, kind and shares are fixed while they run (each is paid its units of the shares it bought, in its coin); make a new machine, or change it once they have expired`,
  );
}

export const configMachineCommand: AdminCommand = {
  name: 'config machine',
  summary: 'Add or change a mining machine product: rated figures, cycle, rent, fee, stock or shares',
  usage:
    'config machine <KEY> --name <name> --algorithm SHA-256|Scrypt|kHeavyHash --coin <COIN> --hashrate <TH/s> --power <W> --size <text> --weight <kg> --chip <text> --environment <text> --cycle <days> --rent <USDT> --fee <USDT> --min <n> --stock <n> [--joint] [--boost <percent>] [--start <ISO time>] [--sort <n>] [--disable] --reason "…"   (with --joint, --stock is the shares the machine is split into and --rent, --fee and --min are per share)',
  mutating: true,
  options: {
    ...valueOptions(
      'name',
      'algorithm',
      'coin',
      'hashrate',
      'power',
      'size',
      'weight',
      'chip',
      'environment',
      'cycle',
      'rent',
      'fee',
      'min',
      'stock',
      'boost',
      'start',
      'sort',
    ),
    ...flagOptions('joint', 'disable'),
  },
  async run(ctx, { positionals, values }) {
    const key = positionals[0] ?? '';
    if (!KEY.test(key))
      throw new AdminUsageError('KEY is 1 to 24 capital letters, digits or dashes, e.g. S21');
    const algorithm = need(values.algorithm, '--algorithm');
    if (!(MINING_ALGORITHMS as readonly string[]).includes(algorithm))
      throw new AdminUsageError(`--algorithm must be one of ${MINING_ALGORITHMS.join(', ')}`);
    const coin = need(values.coin, '--coin');
    await coinPrecision(ctx.db, coin);
    const start = values.start === undefined ? new Date() : new Date(String(values.start));
    if (Number.isNaN(start.getTime())) throw new AdminUsageError('--start must be an ISO time');
    const stock = wholeNumber(values.stock, '--stock', 1, MINING_MAX_UNITS);
    const minPurchase = wholeNumber(values.min, '--min', 1, MINING_MAX_UNITS);
    if (minPurchase > stock) throw new AdminUsageError('--min cannot exceed --stock');
    const boost = values.boost === undefined ? '0' : decimalOption(values.boost, 'boost', 4, false);
    if (dec(boost).greaterThan(1000)) throw new AdminUsageError('--boost is a percentage of at most 1000');
    const product = {
      key,
      name: textOption(values.name, 'name', 80),
      algorithm: algorithm as MiningAlgorithm,
      coin,
      hashrate: decimalOption(values.hashrate, 'hashrate', HASHRATE_DECIMALS, true),
      power: decimalOption(values.power, 'power', 2, true),
      size: textOption(values.size, 'size'),
      weight: decimalOption(values.weight, 'weight', 2, true),
      chip: textOption(values.chip, 'chip'),
      environment: textOption(values.environment, 'environment'),
      cycleDays: wholeNumber(values.cycle, '--cycle', 1, MINING_MAX_CYCLE_DAYS),
      rent: decimalOption(values.rent, 'rent', USDT_DECIMALS, true),
      serviceFee: decimalOption(values.fee, 'fee', USDT_DECIMALS, false),
      minPurchase,
      shares: stock,
      joint: values.joint === true,
      boost,
      startAt: start,
      enabled: values.disable !== true,
      sort: values.sort === undefined ? 0 : wholeNumber(values.sort, '--sort', 0, 10_000),
    };
    await refuseFixedTermsChange(ctx.db, product);
    // Holdings keep the terms they were bought under; only new purchases see the change.
    const [saved] = await ctx.db
      .insert(miningProducts)
      .values(product)
      .onConflictDoUpdate({ target: miningProducts.key, set: { ...product, updatedAt: new Date() } })
      .returning({ id: miningProducts.id });
    return {
      text: `mining machine #${saved?.id} ${key} (${product.name}, ${product.coin}, ${product.cycleDays} days) saved`,
      json: { id: saved?.id, ...product, startAt: start.toISOString() },
    };
  },
};

export const configMiningYieldCommand: AdminCommand = {
  name: 'config mining-yield',
  summary: "Set the demo output oracle's output of 1 TH/s for one day, per produced coin",
  usage: 'config mining-yield <COIN> --per-th <amount> --reason "…"',
  mutating: true,
  options: valueOptions('per-th'),
  async run(ctx, { positionals, values }) {
    const coin = positionals[0];
    await coinPrecision(ctx.db, coin);
    const perTh = decimalOption(values['per-th'], 'per-th', 18, false);
    const row = { coin: coin as string, perTh };
    await ctx.db
      .insert(miningYields)
      .values(row)
      .onConflictDoUpdate({ target: miningYields.coin, set: { perTh, updatedAt: new Date() } });
    return { text: `demo output of ${coin}: ${perTh} per TH/s per day`, json: row };
  },
};

async function productByKeyOrId(
  db: Parameters<AdminCommand['run']>[0]['db'],
  raw: string | boolean | undefined,
) {
  const ref = need(raw, '--product');
  const id = /^[1-9][0-9]{0,15}$/.test(ref) ? Number(ref) : -1;
  const [row] = await db
    .select()
    .from(miningProducts)
    .where(or(eq(miningProducts.key, ref), eq(miningProducts.id, id)));
  if (!row) throw new AdminUsageError(`no mining machine ${ref}`);
  return row;
}

export const miningOutputCommand: AdminCommand<true> = {
  name: 'mining output',
  summary:
    "Declare a machine's actual output per unit for a day (replaces the estimate; what it adds is reserved from the pool, or refused)",
  usage: 'mining output --product <KEY|id> --date <YYYY-MM-DD> --per-unit <amount> --reason "…"',
  mutating: true,
  options: valueOptions('product', 'date', 'per-unit'),
  async run(ctx, { values }) {
    const product = await productByKeyOrId(ctx.db, values.product);
    const day = need(values.date, '--date');
    if (parseDay(day) === null) throw new AdminUsageError('--date must be a date such as 2026-12-01');
    const precision = await coinPrecision(ctx.db, product.coin);
    const perUnit = decimalOption(values['per-unit'], 'per-unit', precision, false);
    let declared: Declaration;
    try {
      declared = await declareOutput(ctx.db, { productId: product.id, day, perUnit });
    } catch (error) {
      if (!(error instanceof DeclarationNotCovered)) throw error;
      const { coin, needed, pool, holdings } = error;
      const missing = fmt(dec(needed).minus(dec(pool)));
      throw new AdminUsageError(
        `declaring ${perUnit} ${coin} a unit on ${day} needs ${needed} ${coin} more in reserve for ${holdings} active holding${holdings === 1 ? '' : 's'}, and the mining output pool holds ${pool} ${coin}: fund it first (fund mining-pool ${coin} ${missing})`,
      );
    }
    const reserved = dec(declared.reserved).isZero()
      ? ''
      : `; ${declared.reserved} ${product.coin} moved from the pool into the reserve for ${declared.holdings} active holdings`;
    return {
      text: `${product.key} output on ${day}: ${perUnit} ${product.coin} per unit${reserved}`,
      json: { product: product.key, productId: product.id, day, perUnit, ...declared },
    };
  },
};

export const miningMachinesCommand: AdminCommand = {
  name: 'mining machines',
  summary: 'List mining machine products with estimate, yield, stock and what the pool can still promise',
  usage: 'mining machines',
  mutating: false,
  options: {},
  async run(ctx) {
    // Without the market engine here, yields are shown where the server computes them (10050).
    const { list } = await listMachines(ctx.db, null, Date.now(), { page: 1, size: 100, all: true });
    return listOutput(
      list,
      'no mining machines',
      (m) =>
        `#${m.id} ${m.key} ${m.name} ${m.coin} ${m.cycleDays} days rent ${m.rent} fee ${m.serviceFee} est ${m.estimatedDailyOutput}/unit/day (${m.outputSource}) ${m.joint ? 'shares' : 'stock'} ${m.shares} available ${m.available}${m.soldOut ? ' SOLD OUT' : ''}`,
    );
  },
};

export const miningSettleCommand: AdminCommand = {
  name: 'mining settle',
  summary: 'Run the daily settlement now, through a given day: pays each holding each ended day once',
  usage: 'mining settle [--through <YYYY-MM-DD>]   (default: yesterday, UTC)',
  // Each holding-day is paid in a transaction of its own (the job takes its advisory lock), so the
  // command does not run inside one transaction; it is recorded in the audit table all the same.
  mutating: false,
  options: valueOptions('through'),
  async run(ctx, { values }) {
    const through = values.through === undefined ? lastEndedDay(new Date()) : String(values.through);
    if (parseDay(through) === null) throw new AdminUsageError('--through must be a date such as 2026-12-01');
    const failures: string[] = [];
    const run = await runSettlement(ctx.database, through, (id, error) =>
      failures.push(`holding ${id}: ${(error as Error).message}`),
    );
    const text = run.ran
      ? [`${run.days} holding-days paid through ${through}`, ...failures].join('\n')
      : jobBusy('settlement');
    return { text, json: { ...run, through, failures }, ...(run.failed > 0 ? { exitCode: 1 as const } : {}) };
  },
};
