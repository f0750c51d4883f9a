/**
 * The admin CLI skeleton: commands, audit trail, the Unix socket of a running server, and the
 * real CLI process both beside a running server and on its own.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { codePath } from '../../protocol/envelope.ts';
import { adminAudit } from '../../server/admin/audit.schema.ts';
import { runAdminCommand } from '../../server/admin/runner.ts';
import { adminSocketPath, listenAdminSocket, sendToSocket } from '../../server/admin/socket.ts';
import { asFirstSetup } from '../../server/admin/two-person.ts';
import type { Database } from '../../server/db/client.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..', '..');

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`admin commands on ${target.name}`, () => {
    let database: Database;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ database, dispose } = await target.create());
    });
    afterAll(async () => dispose?.());

    const admin = (argv: string[], actor = 'alice') =>
      runAdminCommand({ argv: asFirstSetup(argv), actor }, { database, via: 'direct' });

    test('the demo seed runs as audited admin commands', async () => {
      expect(await seedDemo(database)).toBeGreaterThan(5);
      const rows = await database.db.select().from(adminAudit);
      expect(rows.length).toBeGreaterThan(5);
      expect(rows.every((r) => r.actor === 'seed' && r.outcome === 'ok' && r.reason)).toBe(true);
    });

    test('status reports the database, migrations and counts', async () => {
      const result = await admin(['status', '--json']);
      expect(result.ok).toBe(true);
      expect(result.json).toMatchObject({
        database: { kind: target.name },
        via: 'direct',
        counts: { coins: 10, chains: 4 },
      });
      const { migrations } = result.json as { migrations: { applied: number; known: number } };
      expect(migrations.applied).toBeGreaterThanOrEqual(2);
      expect(migrations.applied).toBe(migrations.known);
    });

    test('a change needs a reason and is recorded with who and why', async () => {
      const refused = await admin(['config', 'contact', 'telegram', '@meridian_help']);
      expect(refused).toMatchObject({ ok: false, exitCode: 2 });
      expect(refused.text).toContain('--reason');
      const done = await admin([
        'config',
        'contact',
        'telegram',
        '@meridian_help',
        '--reason',
        'support moved',
      ]);
      expect(done.ok).toBe(true);
      const [last] = await database.db.select().from(adminAudit).orderBy(desc(adminAudit.id)).limit(1);
      expect(last).toMatchObject({
        actor: 'alice',
        command: 'config contact',
        reason: 'support moved',
        outcome: 'ok',
      });
    });

    test('a failing command changes nothing and is recorded as an error', async () => {
      const result = await admin([
        'config',
        'coin',
        'XMR',
        '--name',
        'Monero',
        '--precision',
        '8',
        '--chains',
        'NOPE',
        '--reason',
        'try',
      ]);
      expect(result).toMatchObject({ ok: false, exitCode: 2 });
      const [last] = await database.db.select().from(adminAudit).orderBy(desc(adminAudit.id)).limit(1);
      expect(last).toMatchObject({ command: 'config coin', outcome: 'error' });
      // The coin row written before the chain failed was rolled back with it.
      const coins = (await admin(['config', 'show', '--json'])).json as { coins: { symbol: string }[] };
      expect(coins.coins.map((c) => c.symbol)).not.toContain('XMR');
    });

    test('unknown commands and bad options print usage', async () => {
      expect(await admin(['frobnicate'])).toMatchObject({ ok: false, exitCode: 2 });
      expect(await admin(['status', '--bogus'])).toMatchObject({ ok: false, exitCode: 2 });
      const help = await admin(['--help']);
      expect(help.text).toContain('config coin');
    });
  });
}

describe('admin socket', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  let dir: string;
  beforeAll(async () => {
    const target = DATABASE_TARGETS[0];
    if (!target) throw new Error('no database');
    ({ database, dispose } = await target.create());
    dir = mkdtempSync(path.join(tmpdir(), 'meridian-sock-'));
  });
  afterAll(async () => {
    await dispose?.();
    rmSync(dir, { recursive: true, force: true });
  });

  test('listens with mode 0600, answers commands, and refuses a second server', async () => {
    const socketPath = adminSocketPath(dir);
    writeFileSync(socketPath, 'stale'); // left by a crashed server: replaced
    const server = await listenAdminSocket(socketPath, (request) =>
      runAdminCommand(request, { database, via: 'server' }),
    );
    try {
      expect(statSync(socketPath).mode & 0o777).toBe(0o600);
      const result = await sendToSocket(socketPath, { argv: ['status', '--json'], actor: 'bob' });
      expect(result).toMatchObject({ ok: true, json: { via: 'server' } });
      await expect(listenAdminSocket(socketPath, async () => result)).rejects.toThrow(/already running/);
    } finally {
      server.close();
    }
  });
});

describe('the admin CLI process', () => {
  let dir: string;
  let server: ChildProcess | null = null;
  const env = () => ({
    ...process.env,
    DATA_DIR: dir,
    PORT: '0',
    LOG_LEVEL: 'warn',
    // A short candle history keeps the embedded database free for the commands under test.
    MARKET_BACKFILL_MINUTE_DAYS: '0',
    MARKET_BACKFILL_DAILY_DAYS: '2',
    MARKET_BACKFILL_CANDLES: '0',
    DATABASE_URL: '',
    CLIENT_DIR: path.join(dir, 'no-client'),
  });
  const cli = (...args: string[]) =>
    run(process.execPath, ['server/admin/cli.ts', ...args], { cwd: ROOT, env: env() });

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'meridian-cli-'));
  });
  afterAll(() => {
    server?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  // A first start seeds and backfills years of candles: a minute on a loaded 2-core CI host.
  test('opens the database itself when no server runs, then goes through the running server', async () => {
    const direct = JSON.parse((await cli('status', '--json')).stdout);
    expect(direct).toMatchObject({ via: 'direct', database: { kind: 'pglite' }, counts: { coins: 0 } });

    server = spawn(process.execPath, ['server/main.ts'], {
      cwd: ROOT,
      env: env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      server?.stdout?.on('data', (chunk: Buffer) => {
        out += String(chunk);
        const match = /open (http:\/\/\S+)/.exec(out);
        if (match?.[1]) resolve(match[1]);
      });
      server?.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    expect(existsSync(adminSocketPath(dir))).toBe(true);

    const viaServer = JSON.parse((await cli('status', '--json')).stdout);
    expect(viaServer).toMatchObject({ via: 'server', counts: { coins: 10 } });

    await cli(
      'config',
      'contact',
      'telegram',
      '@meridian_help',
      '--reason',
      'new channel',
      '--actor',
      'carol',
    );
    const response = await fetch(new URL(codePath('00000'), url), {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
    });
    const body = (await response.json()) as { data: { contact: { channel: string; value: string }[] } };
    expect(body.data.contact).toContainEqual({ channel: 'telegram', value: '@meridian_help' });

    const failed = await cli('config', 'feature', 'on', 'teleport', '--reason', 'x').catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed).toMatchObject({ code: 2 });
  }, 240_000);
});
