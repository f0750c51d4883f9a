/** The shape of an operator command. Commands are small files under ./commands. */
import type { ParseArgsConfig } from 'node:util';
import type { Database, DbOrTx, Tx } from '../db/client.ts';

export interface AdminContext<M extends boolean = boolean> {
  /** The transaction the command runs in (mutating commands) or the database (read-only ones). */
  db: M extends true ? Tx : DbOrTx;
  database: Database;
  actor: string;
  reason: string | null;
  /** How the command reached the database: through a running server's socket, or directly. */
  via: 'server' | 'direct';
  /**
   * Work to start once the command's transaction has committed (e.g. sending push messages),
   * without holding up the command's answer. The task resolves to one line for the log.
   */
  afterCommit(task: () => Promise<string>): void;
}

export interface AdminOutput {
  /** What a person reads. */
  text: string;
  /** What `--json` prints. */
  json: unknown;
  /** 1 when the command ran but found something wrong (e.g. an audit that does not balance). */
  exitCode?: 1;
}

/** A command; `AdminCommand<true>` is a mutating one, whose `run` receives its transaction. */
export interface AdminCommand<M extends boolean = boolean> {
  /** One or two words, e.g. `status` or `config coin`. */
  name: string;
  summary: string;
  usage: string;
  /** Mutating commands need a reason and run in one transaction. */
  mutating: M;
  /**
   * The reason recorded when the operator gives none, for routine steps whose arguments already
   * say why (a deposit's txid, a withdrawal id). Commands without it require `--reason`.
   */
  defaultReason?(args: {
    positionals: string[];
    values: Record<string, string | boolean | undefined>;
  }): string;
  options: NonNullable<ParseArgsConfig['options']>;
  run(
    ctx: AdminContext<M>,
    args: { positionals: string[]; values: Record<string, string | boolean | undefined> },
  ): Promise<AdminOutput>;
}

export class AdminUsageError extends Error {
  override name = 'AdminUsageError';
}

/** What a job command says when another process holds the job's lock. */
export const jobBusy = (job: string) => `another process is running the ${job} job; nothing done here`;
