/**
 * The last resort of a stopping process: a thread of its own that kills the process after a
 * deadline. A timer on the main thread cannot fire while that thread is blocked (a synchronous
 * write to a full pipe or a stopped terminal, a library's exit hook sleeping in Atomics.wait, a
 * native call that never returns), and a process stuck that way on PostgreSQL keeps its
 * connections, and with them the advisory locks that let one process run each job. The thread
 * runs on its own event loop, so its timer fires whatever the main thread is doing.
 *
 * SIGKILL, because nothing else is sure to work then: a handler for any other signal would run
 * on the blocked main thread. The kernel closes the process's sockets, so PostgreSQL ends its
 * sessions and releases their locks.
 */
import { Worker } from 'node:worker_threads';

/**
 * Evaluated in the worker, as a CommonJS script or as a module alike (a worker takes the process's
 * flags, --input-type=module among them), so it neither requires nor imports: the delay comes as
 * the last argument.
 */
const WATCHDOG = "setTimeout(() => process.kill(process.pid, 'SIGKILL'), Number(process.argv.at(-1)));";

/**
 * Kills this process with SIGKILL `ms` from now unless it has exited by then. The thread does not
 * keep the process alive: a stop that finishes in time exits as usual, and the thread with it.
 * `onError` hears of a thread that failed (it could not start, out of memory): the main thread's
 * own deadline is then all there is.
 */
export function armExitWatchdog(ms: number, onError: (error: Error) => void = () => {}): void {
  const worker = new Worker(WATCHDOG, { eval: true, argv: [String(ms)] });
  worker.unref();
  worker.on('error', onError);
}
