/** bench/config-throughput.ts: the servers' child process (bench/servers.ts): start, ports, stop. */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { SERVERS_SCRIPT, START_TIMEOUT_MS, STOP_TIMEOUT_MS } from './config-throughput-settings.ts';
import type { ServerPorts } from './servers.ts';

// ---------------------------------------------------------------------------------------------
// The servers' child process

export let servers: ChildProcess | undefined;

function parsePorts(line: string): ServerPorts {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new Error(`the bench servers printed something other than their ports: ${line.slice(0, 200)}`);
  }
  const isPort = (port: unknown): port is number =>
    typeof port === 'number' && Number.isInteger(port) && port > 0 && port < 65_536;
  const ports = value as Partial<ServerPorts> | null;
  if (!ports || !isPort(ports.meridian) || !isPort(ports.anchor) || !isPort(ports.bodyAnchor)) {
    throw new Error(`the bench servers printed no valid ports: ${line.slice(0, 200)}`);
  }
  return { meridian: ports.meridian, anchor: ports.anchor, bodyAnchor: ports.bodyAnchor };
}

/** Waits for the child's first stdout line; anything it prints later is passed on to stderr. */
function readPorts(child: ChildProcess): Promise<ServerPorts> {
  const stdout = child.stdout;
  if (!stdout) return Promise.reject(new Error('the bench servers have no stdout'));
  return new Promise((resolve, reject) => {
    let buffered = '';
    const finish = (error: Error | null, ports?: ServerPorts, rest = ''): void => {
      clearTimeout(timer);
      stdout.off('data', onData);
      child.off('exit', onExit);
      child.off('error', onError);
      if (rest) process.stderr.write(rest);
      stdout.on('data', (chunk: Buffer) => process.stderr.write(chunk));
      if (error || !ports) reject(error ?? new Error('no ports'));
      else resolve(ports);
    };
    const onData = (chunk: Buffer): void => {
      buffered += chunk.toString('utf8');
      const newline = buffered.indexOf('\n');
      if (newline === -1) return;
      const rest = buffered.slice(newline + 1);
      try {
        finish(null, parsePorts(buffered.slice(0, newline).trim()), rest);
      } catch (error) {
        finish(error as Error, undefined, rest);
      }
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void =>
      finish(new Error(`the bench servers exited before they were ready (${signal ?? `exit code ${code}`})`));
    const onError = (error: Error): void => finish(error);
    const timer = setTimeout(
      () =>
        finish(new Error(`the bench servers did not report their ports within ${START_TIMEOUT_MS / 1000} s`)),
      START_TIMEOUT_MS,
    );
    stdout.on('data', onData);
    child.once('exit', onExit);
    child.once('error', onError);
  });
}

export async function stopServers(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

export async function startServers(): Promise<ServerPorts> {
  // Same Node and flags (e.g. type stripping on older Node), but no second debugger on one port.
  const execArgv = process.execArgv.filter((flag) => !flag.startsWith('--inspect'));
  // stdin stays an open pipe: the child stops when it closes, so it cannot outlive this process.
  const child = spawn(process.execPath, [...execArgv, SERVERS_SCRIPT], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  servers = child;
  try {
    return await readPorts(child);
  } catch (error) {
    await stopServers(child);
    throw error;
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    const stopping = servers ? stopServers(servers) : Promise.resolve();
    void stopping.finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}
