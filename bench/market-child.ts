/** bench/market.ts: the server's child process (bench/market-server.ts) and its IPC messages. */
import { type ChildProcess, spawn } from 'node:child_process';
import { withTimeout } from '../tests/helpers/with-timeout.ts';
import type { ChildMessage, ParentMessage } from './market-server.ts';
import { SERVER_SCRIPT, type Settings, STOP_TIMEOUT_MS } from './market-settings.ts';

// ---------------------------------------------------------------------------------------------
// The server's child process

/** What the server child reports once its data is in place. */
export type Ready = Omit<Extract<ChildMessage, { type: 'ready' }>, 'type'>;

export class ServerChild {
  readonly process: ChildProcess;
  readonly #waiters = new Set<(message: ChildMessage) => boolean>();
  exited = false;

  constructor(settings: Settings) {
    // Same Node and flags, but no second debugger on one port.
    // --expose-gc: the child collects the garbage of the candle sync before it starts listening.
    const execArgv = process.execArgv.filter((flag) => !flag.startsWith('--inspect'));
    this.process = spawn(process.execPath, [...execArgv, '--expose-gc', SERVER_SCRIPT], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        BENCH_MINUTE_DAYS: String(settings.minuteDays),
        BENCH_DAILY_DAYS: String(settings.dailyDays),
      },
    });
    this.process.on('message', (message: ChildMessage) => {
      for (const waiter of this.#waiters) if (waiter(message)) this.#waiters.delete(waiter);
    });
    this.process.once('exit', () => {
      this.exited = true;
    });
  }

  /** The first message `pick` accepts (returns non-undefined for). */
  next<T>(pick: (message: ChildMessage) => T | undefined, ms: number, what: string): Promise<T> {
    const child = this.process;
    if (this.exited) return Promise.reject(new Error(`${what}: the bench server is not running`));
    const answer = new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
        this.#waiters.delete(waiter);
        reject(new Error(`${what}: the bench server exited (${signal ?? `code ${code}`})`));
      };
      const waiter = (message: ChildMessage): boolean => {
        const value = pick(message);
        if (value === undefined) return false;
        child.off('exit', onExit);
        resolve(value);
        return true;
      };
      this.#waiters.add(waiter);
      child.once('exit', onExit);
    });
    return withTimeout(answer, ms, what);
  }

  send(message: ParentMessage): void {
    if (!this.exited && this.process.connected) this.process.send(message);
  }

  async subscribers(): Promise<number> {
    const answer = this.next((m) => (m.type === 'subscribers' ? m.count : undefined), 10_000, 'subscribers');
    this.send({ type: 'subscribers' });
    return answer;
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise((resolve) => this.process.once('exit', resolve));
    this.process.kill('SIGTERM');
    const timer = setTimeout(() => this.process.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
}
