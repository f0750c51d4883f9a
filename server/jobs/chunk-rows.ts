/**
 * How many rows a daily job handles per transaction (issue #41: jobs over 100,000 rows are
 * chunked into bounded transactions, resumable after a kill). A chunk holds its locks and its
 * WAL for a bounded time however large the set; what a chunk wrote is kept when a later one dies,
 * and the next run goes on from there. `JOB_CHUNK_ROWS` sets it for an operator who wants fewer
 * or larger transactions, and for the kill-and-resume tests, which use tiny chunks.
 */
import { envInteger } from '../config.ts';

export const JOB_CHUNK_VARIABLE = 'JOB_CHUNK_ROWS';

/** Rows per transaction: 500 unless `JOB_CHUNK_ROWS` says otherwise (1 to 100,000). */
export function jobChunkRows(env: NodeJS.ProcessEnv = process.env): number {
  return envInteger(env, JOB_CHUNK_VARIABLE, 500, 1, 100_000);
}
