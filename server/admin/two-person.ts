/**
 * The gate every mutating command passes (server/admin/runner.ts): a command that moves or
 * promises money runs at once only as first set-up, while no operator exists and the caller says
 * so (`--first-setup`). Once operators exist, asking for it stores a request that a second,
 * different operator approves in the console (docs/operations.md); the request is checked first
 * by running it in a transaction that is rolled back, so a request that would fail is refused now,
 * not after someone approved it.
 */
import { type Approval, TWO_PERSON_COMMANDS } from '../../protocol/ops.ts';
import type { Database, Tx } from '../db/client.ts';
import { activeOperatorCount, requestApproval } from './approvals.ts';
import type { AdminCommand, AdminOutput } from './command.ts';
import { AdminUsageError } from './command.ts';

export function isTwoPerson(commandName: string): boolean {
  return TWO_PERSON_COMMANDS.includes(commandName);
}

/** The words of a command as stored in a request: without who, why and how it is printed. */
export function requestWords(argv: readonly string[]): string[] {
  const words: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const word = argv[i] as string;
    if (word === '--json' || word === '--first-setup') continue;
    if (word === '--reason' || word === '--actor') {
      i += 1;
      continue;
    }
    if (word.startsWith('--reason=') || word.startsWith('--actor=')) continue;
    words.push(word);
  }
  return words;
}

class RolledBack extends Error {
  readonly output: AdminOutput;
  constructor(output: AdminOutput) {
    super('rolled back');
    this.output = output;
  }
}

/** Runs `work` in a transaction that never commits: what the command would do, and nothing done. */
export async function rolledBack(
  database: Database,
  work: (tx: Tx) => Promise<AdminOutput>,
): Promise<AdminOutput> {
  try {
    await database.db.transaction(async (tx) => {
      throw new RolledBack(await work(tx));
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.output;
    throw error;
  }
  throw new Error('unreachable: the transaction always rolls back');
}

export type GateResult =
  | { kind: 'run' }
  | { kind: 'refused'; message: string }
  | { kind: 'pending'; text: string; approval: Approval };

export async function twoPersonGate(input: {
  database: Database;
  command: AdminCommand;
  argv: readonly string[];
  actor: string;
  reason: string;
  firstSetup: boolean;
  dryRun: (tx: Tx) => Promise<AdminOutput>;
}): Promise<GateResult> {
  const { db } = input.database;
  const operatorsNow = await activeOperatorCount(db);
  if (operatorsNow === 0) {
    if (input.firstSetup) return { kind: 'run' };
    return {
      kind: 'refused',
      message:
        'this command moves or promises money. While no operator exists, run it as first set-up with --first-setup; once operators exist (admin operators add), a second operator approves it in the console',
    };
  }
  if (input.firstSetup) {
    return {
      kind: 'refused',
      message: `first set-up is over (${operatorsNow} operator${operatorsNow === 1 ? '' : 's'}): a second operator approves this in the console`,
    };
  }
  try {
    const output = await rolledBack(input.database, input.dryRun);
    if (output.exitCode === 1) return { kind: 'refused', message: output.text };
  } catch (error) {
    return {
      kind: 'refused',
      message: error instanceof AdminUsageError ? error.message : `failed: ${(error as Error).message}`,
    };
  }
  const approval = await requestApproval(db, {
    command: input.command.name,
    argv: requestWords(input.argv),
    reason: input.reason,
    requestedBy: input.actor,
    now: new Date(),
  });
  return {
    kind: 'pending',
    approval,
    text: `approval #${approval.id}: ${input.command.name} waits for a second operator (until ${new Date(approval.expiresAt).toISOString()})`,
  };
}

/**
 * `argv` marked as first set-up when it names a two-person command: for the demo seed and the
 * tests' operator, which run on a database where no operator exists yet.
 */
export function asFirstSetup(argv: readonly string[]): string[] {
  const words = argv.filter((a) => !a.startsWith('-'));
  const named = isTwoPerson(words.slice(0, 2).join(' ')) || isTwoPerson(words[0] ?? '');
  return named && !argv.includes('--first-setup') ? [...argv, '--first-setup'] : [...argv];
}
