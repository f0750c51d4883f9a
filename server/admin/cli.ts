/**
 * `npm run admin -- <command>`: hands the command to a running server through its admin socket,
 * or, when no server runs on this DATA_DIR, opens the database itself.
 */
// First: the clock a test run may have moved (server/clock.ts) holds before anything reads it.
import '../clock.ts';
import { userInfo } from 'node:os';
import { loadConfig } from '../config.ts';
import type { AdminResult } from './runner.ts';
import { adminSocketPath, probeSocket, sendToSocket } from './socket.ts';

// The commands, the database and the server's modules are imported only when this process runs
// the command itself: handing it to a running server needs none of them, and importing them took
// most of the 2-3 s a call cost (the end-to-end tests make some sixty calls).

function actorOf(argv: string[]): string {
  const i = argv.indexOf('--actor');
  const fromFlag = i >= 0 ? argv[i + 1] : undefined;
  return fromFlag || process.env.MERIDIAN_ADMIN || userInfo().username;
}

async function run(argv: string[]): Promise<AdminResult> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
    const { helpText } = await import('./runner.ts');
    return { ok: true, exitCode: 0, text: helpText(), json: null };
  }
  const config = loadConfig();
  const request = { argv, actor: actorOf(argv) };
  const socketPath = adminSocketPath(config.dataDir);
  if (await probeSocket(socketPath)) return sendToSocket(socketPath, request);
  const [{ openConfiguredDatabase }, { runAdminCommand }, { CONFIG_CHANNEL }] = await Promise.all([
    import('../runtime.ts'),
    import('./runner.ts'),
    import('../modules/config/config.service.ts'),
  ]);
  const database = await openConfiguredDatabase(config);
  try {
    let changed = false;
    const result = await runAdminCommand(request, {
      database,
      via: 'direct',
      onChange: () => {
        changed = true;
      },
    });
    // Servers on PostgreSQL drop their configuration cache at once (docs/deployment.md).
    if (changed) await database.notify(CONFIG_CHANNEL, '').catch(() => undefined);
    // Without a server, this process does the after-commit work (push sending) before it exits.
    if (result.background) {
      process.stderr.write('stored; finishing background work (push sending)…\n');
      for (const line of await result.background) process.stderr.write(`${line}\n`);
    }
    return result;
  } finally {
    await database.close();
  }
}

const argv = process.argv.slice(2);
run(argv)
  .then((result) => {
    // A command that ran and found a problem (exit 1, e.g. audit) still prints its report.
    const report = result.ok || result.exitCode === 1;
    const out = argv.includes('--json')
      ? JSON.stringify(report ? result.json : { error: result.text }, null, 2)
      : result.text;
    (report ? process.stdout : process.stderr).write(`${out}\n`);
    process.exitCode = result.exitCode;
  })
  .catch((error: unknown) => {
    process.stderr.write(`admin: ${(error as Error).message}\n`);
    process.exitCode = 1;
  });
