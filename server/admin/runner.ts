/**
 * Runs one operator command, wherever it came from (the CLI opening the database itself, or the
 * running server's admin socket). Mutating commands need a reason and run in one transaction;
 * every command, successful or not, leaves a row in the audit table.
 */
import { parseArgs } from 'node:util';
import type { Database, DbOrTx, Tx } from '../db/client.ts';
import { retryOnConflict } from '../db/retry.ts';
import { maskSensitive } from '../http/log-safety.ts';
import { adminAudit } from './audit.schema.ts';
import { type AdminCommand, type AdminContext, AdminUsageError } from './command.ts';
import { ADMIN_COMMANDS } from './registry.ts';
import { isTwoPerson, twoPersonGate } from './two-person.ts';

export interface AdminRequest {
  argv: string[];
  actor: string;
  /**
   * Set only in this process when a second operator approved the request (server/ops): the
   * command runs past the two-person gate. The admin socket never carries it.
   */
  approval?: {
    id: number;
    requestedBy: string;
    /** Marks the request approved inside the command's own transaction, or throws if it was decided. */
    claim(tx: Tx): Promise<void>;
  };
  /** Set only by the console's preview, whose transaction is rolled back: past the gate too. */
  preview?: true;
}

export interface AdminResult {
  ok: boolean;
  /** 0 success, 1 the command failed, 2 it was called wrongly. */
  exitCode: 0 | 1 | 2;
  text: string;
  json: unknown;
  /**
   * The command's after-commit work (AdminContext.afterCommit), already running: one log line per
   * task, a failed task as `failed: …`. Never rejects. Not sent over the admin socket.
   */
  background?: Promise<string[]>;
}

export interface RunnerOptions {
  database: Database;
  via: AdminContext['via'];
  commands?: readonly AdminCommand[];
  /** Called after a mutating command committed (the server clears its configuration cache). */
  onChange?: () => void;
}

export function findCommand(commands: readonly AdminCommand[], words: string[]) {
  const two = words.slice(0, 2).join(' ');
  return commands.find((c) => c.name === two) ?? commands.find((c) => c.name === words[0]);
}

export function helpText(commands: readonly AdminCommand[] = ADMIN_COMMANDS): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'Usage: npm run admin -- <command> [options] [--json] [--reason "<why>"] [--actor <name>]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Every command is recorded in the audit table with who ran it, when and why.',
    'Commands that change anything need --reason. "npm run admin -- <command> --help" shows its usage.',
  ].join('\n');
}

function usageError(message: string, command?: AdminCommand): AdminResult {
  const text = command
    ? `${message}\nusage: npm run admin -- ${command.usage}`
    : `${message}\n\n${helpText()}`;
  return { ok: false, exitCode: 2, text, json: { error: message } };
}

export async function runAdminCommand(request: AdminRequest, options: RunnerOptions): Promise<AdminResult> {
  const commands = options.commands ?? ADMIN_COMMANDS;
  const words = request.argv.filter((a) => !a.startsWith('-'));
  if (request.argv.length === 0 || request.argv[0] === '--help' || request.argv[0] === 'help') {
    return {
      ok: true,
      exitCode: 0,
      text: helpText(commands),
      json: { commands: commands.map((c) => c.name) },
    };
  }
  const command = findCommand(commands, words);
  if (!command)
    return usageError(`unknown command: ${words.slice(0, 2).join(' ') || request.argv.join(' ')}`);

  let parsed: ReturnType<typeof parseArgs>;
  try {
    const rest = [...request.argv];
    for (const word of command.name.split(' ')) rest.splice(rest.indexOf(word), 1);
    // A negative amount (`adjust … -5`) is a value, not an option: hide it from the parser.
    const negatives = new Map<string, string>();
    const args = rest.map((arg, i) => {
      if (!/^-[0-9.]/.test(arg)) return arg;
      const token = `\u0000neg${i}`;
      negatives.set(token, arg);
      return token;
    });
    parsed = parseArgs({
      args,
      options: {
        ...command.options,
        json: { type: 'boolean' },
        help: { type: 'boolean' },
        reason: { type: 'string' },
        actor: { type: 'string' },
        'first-setup': { type: 'boolean' },
      },
      allowPositionals: true,
      strict: true,
    });
    parsed.positionals = parsed.positionals.map((p) => negatives.get(p) ?? p);
  } catch (error) {
    return usageError((error as Error).message, command);
  }
  if (parsed.values.help) {
    return {
      ok: true,
      exitCode: 0,
      text: `usage: npm run admin -- ${command.usage}\n${command.summary}`,
      json: { usage: command.usage },
    };
  }
  const args = {
    positionals: parsed.positionals,
    values: parsed.values as Record<string, string | boolean | undefined>,
  };
  const given = typeof parsed.values.reason === 'string' ? parsed.values.reason.trim() : '';
  const reason = given || command.defaultReason?.(args) || null;
  if (command.mutating && !reason)
    return usageError('this command changes data: say why with --reason "…"', command);

  const { db } = options.database;
  const auditReason = request.approval
    ? `${reason} [approval #${request.approval.id}, asked by ${request.approval.requestedBy}]`
    : reason;
  const tasks: (() => Promise<string>)[] = [];
  const base = {
    database: options.database,
    actor: request.actor,
    reason,
    via: options.via,
    afterCommit: (task: () => Promise<string>) => void tasks.push(task),
  };
  const startTasks = (): Promise<string[]> | undefined =>
    tasks.length === 0
      ? undefined
      : Promise.all(
          tasks.map((task) =>
            task().catch((error: unknown) => `failed: ${maskSensitive((error as Error).message)}`),
          ),
        );
  const audit = (into: DbOrTx, outcome: 'ok' | 'error', detail: string | null) =>
    into.insert(adminAudit).values({
      actor: request.actor,
      command: command.name,
      args: request.argv.filter((a) => a !== '--json'),
      reason: auditReason,
      outcome,
      detail: detail === null ? null : maskSensitive(detail).slice(0, 500),
    });
  if (command.mutating && isTwoPerson(command.name) && !request.approval && !request.preview) {
    const gate = await twoPersonGate({
      database: options.database,
      command,
      argv: request.argv,
      actor: request.actor,
      reason: reason ?? '',
      firstSetup: parsed.values['first-setup'] === true,
      dryRun: (tx) => command.run({ ...base, db: tx }, args),
    });
    if (gate.kind === 'refused') {
      await audit(db, 'error', gate.message);
      return usageError(gate.message, command);
    }
    if (gate.kind === 'pending') {
      await audit(db, 'ok', gate.text);
      return { ok: true, exitCode: 0, text: gate.text, json: { pending: gate.approval } };
    }
  }
  try {
    const output = command.mutating
      ? await retryOnConflict(() =>
          db.transaction(async (tx) => {
            tasks.length = 0; // a retried transaction queues its work afresh
            await request.approval?.claim(tx);
            const result = await command.run({ ...base, db: tx }, args);
            await audit(tx, 'ok', result.text);
            return result;
          }),
        )
      : await command.run({ ...base, db }, args);
    if (!command.mutating) await audit(db, 'ok', null);
    if (command.mutating) options.onChange?.();
    const { exitCode = 0, ...rest } = output;
    const background = startTasks();
    return { ok: exitCode === 0, exitCode, ...rest, ...(background ? { background } : {}) };
  } catch (error) {
    const message = (error as Error).message;
    await audit(db, 'error', message);
    if (error instanceof AdminUsageError) return usageError(message, command);
    return {
      ok: false,
      exitCode: 1,
      text: `failed: ${maskSensitive(message)}`,
      json: { error: maskSensitive(message) },
    };
  }
}
