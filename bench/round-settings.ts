/**
 * How long and how often a throughput bench measures, as the config-throughput and ledger benches
 * both read it: BENCH_SECONDS per round, BENCH_ROUNDS rounds, after BENCH_WARMUP_SECONDS of
 * warm-up. Each bench chooses its own defaults for the round and the warm-up.
 */
import { envInteger } from '../server/config.ts';

export interface RoundSettings {
  seconds: number;
  rounds: number;
  warmupSeconds: number;
}

export function readRoundSettings(defaults: { seconds: number; warmupSeconds: number }): RoundSettings {
  return {
    seconds: envInteger(process.env, 'BENCH_SECONDS', defaults.seconds, 1, 3600),
    rounds: envInteger(process.env, 'BENCH_ROUNDS', 3, 1, 100),
    warmupSeconds: envInteger(process.env, 'BENCH_WARMUP_SECONDS', defaults.warmupSeconds, 0, 600),
  };
}
