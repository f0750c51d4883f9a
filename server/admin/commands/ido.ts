/** Operator IDO commands: create an offering (and its token), list offerings, run the phase job. */
import { eq } from 'drizzle-orm';
import { replaceCoinChains, upsertCoin } from '../../modules/config/config.repository.ts';
import { coins } from '../../modules/config/config.schema.ts';
import { runPhases } from '../../modules/ido/ido.job.ts';
import { idoOfferings } from '../../modules/ido/ido.schema.ts';
import { listOfferings } from '../../modules/ido/ido.service.ts';
import { type AdminCommand, AdminUsageError, jobBusy } from '../command.ts';
import { decimalOption, need, valueOptions, wholeNumber } from '../options.ts';
import { listOutput } from '../text.ts';

const SYMBOL = /^[A-Z0-9]{2,12}$/;

function timeOption(raw: string | boolean | undefined, name: string): Date {
  const at = new Date(need(raw, `--${name}`));
  if (Number.isNaN(at.getTime()))
    throw new AdminUsageError(`--${name} must be an ISO time such as 2026-12-01T00:00:00Z`);
  return at;
}

export const idoCreateCommand: AdminCommand = {
  name: 'ido create',
  summary:
    'Create an IDO offering and its token (a coin held on the platform); fund the treasury before it opens',
  usage:
    'ido create <TOKEN> --name <name> --precision <0-18> --price <USDT> --offering <tokens> --share-size <tokens> --min-shares <n> --max-shares <n> --start <ISO> --end <ISO> --release <ISO> --description <text> --reason "…"',
  mutating: true,
  options: valueOptions(
    'name',
    'precision',
    'price',
    'offering',
    'share-size',
    'min-shares',
    'max-shares',
    'start',
    'end',
    'release',
    'description',
  ),
  async run(ctx, { positionals, values }) {
    const token = positionals[0] ?? '';
    if (!SYMBOL.test(token)) throw new AdminUsageError('TOKEN must be 2 to 12 capital letters or digits');
    const [existing] = await ctx.db
      .select({ symbol: coins.symbol })
      .from(coins)
      .where(eq(coins.symbol, token));
    if (existing) throw new AdminUsageError(`${token} is already a coin: an offering brings a new token`);
    const precision = wholeNumber(values.precision, '--precision', 0, 18);
    const offering = decimalOption(values.offering, 'offering', precision, true);
    const shareSize = decimalOption(values['share-size'], 'share-size', precision, true);
    const minShares = wholeNumber(values['min-shares'], '--min-shares', 1, 100_000);
    const maxShares = wholeNumber(values['max-shares'], '--max-shares', minShares, 100_000);
    const [start, end, release] = [
      timeOption(values.start, 'start'),
      timeOption(values.end, 'end'),
      timeOption(values.release, 'release'),
    ];
    if (!(start < end && end <= release)) throw new AdminUsageError('need --start < --end <= --release');
    const name = need(values.name, '--name').trim();
    const description = need(values.description, '--description').trim();
    if (name.length > 80 || description.length > 2000)
      throw new AdminUsageError('--name is at most 80 characters, --description at most 2000');
    await upsertCoin(ctx.db, { symbol: token, name, precision, sort: 100, enabled: true });
    await replaceCoinChains(ctx.db, token, []);
    const [row] = await ctx.db
      .insert(idoOfferings)
      .values({
        token,
        name,
        price: decimalOption(values.price, 'price', 8, true),
        offering,
        shareSize,
        minShares,
        maxShares,
        startAt: start,
        endAt: end,
        releaseAt: release,
        description,
        phase: 'coming_soon',
      })
      .returning({ id: idoOfferings.id });
    return {
      text: `IDO #${row?.id} ${token} created (coming soon); fund it: fund ido-treasury ${token} ${offering}`,
      json: { id: row?.id, token, offering },
    };
  },
};

export const idoListCommand: AdminCommand = {
  name: 'ido list',
  summary: 'List IDO offerings with phase, subscribed and winning rate',
  usage: 'ido list',
  mutating: false,
  options: {},
  async run(ctx) {
    const { list } = await listOfferings(ctx.db, { page: 1, size: 100 });
    return listOutput(
      list,
      'no IDO offerings',
      (o) =>
        `#${o.id} ${o.token} ${o.phase} price ${o.price} offering ${o.offering} subscribed ${o.subscribed} by ${o.participants}${o.winningRate === null ? '' : ` winning rate ${o.winningRate}%`}${o.issued === null ? '' : ` issued ${o.issued}`}`,
    );
  },
};

export const idoAdvanceCommand: AdminCommand = {
  name: 'ido advance',
  summary: 'Run the IDO phase job now or for a given moment: open, allocate, release, each once',
  usage: 'ido advance [--at <ISO time>]',
  // Each phase change is a transaction of its own (the job takes its advisory lock), so the
  // command does not run inside one transaction; it is recorded in the audit table all the same.
  mutating: false,
  options: valueOptions('at'),
  async run(ctx, { values }) {
    const at = values.at === undefined ? new Date() : timeOption(values.at, 'at');
    const run = await runPhases(ctx.database, at);
    const lines = run.ran
      ? [
          ...run.changes.map((c) => `offering #${c.id}: ${c.phases.join(' -> ')}`),
          ...run.unfunded.map((id) => `offering #${id}: not opened, its treasury does not hold the offering`),
        ]
      : [jobBusy('phase')];
    return {
      text: lines.length > 0 ? lines.join('\n') : 'nothing to change',
      json: { ...run, at: at.toISOString() },
    };
  },
};
