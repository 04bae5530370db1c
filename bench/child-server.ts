import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

// Starts a server as a child process, waits for its `listening on URL` line, and stops it again.
// Every child ever started is tracked, so the run can stop them all on any exit path.

export interface ChildServer {
  name: string;
  /** What the child announced, e.g. `http://127.0.0.1:41234/v1`. */
  url: string;
  pid: number | undefined;
  /** SIGTERM, then SIGKILL if the child has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

const LISTENING = /listening on (https?:\/\/\S+)/;
const running = new Set<ChildProcess>();
const started = new Set<ChildServer>();
const TAIL_LINES = 40;

export interface StartOptions {
  name: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
  timeoutMs?: number;
}

/** Spawns `node <args>` and resolves once it prints `listening on URL`; rejects with its output otherwise. */
export async function startChildServer(o: StartOptions): Promise<ChildServer> {
  const child = spawn(process.execPath, o.args, {
    cwd: o.cwd, env: { ...process.env, ...o.env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => { running.delete(child); resolve(); }));
  const tail: string[] = [];
  const keep = (line: string) => {
    tail.push(line);
    if (tail.length > TAIL_LINES) tail.shift();
  };
  // Both streams are always drained: a child blocked on a full pipe would distort the measurement.
  createInterface({ input: child.stderr! }).on('line', keep);
  const stdout = createInterface({ input: child.stdout! });

  const url = await new Promise<string>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => fail(`did not print "listening on URL" within ${o.timeoutMs ?? 30_000} ms`), o.timeoutMs ?? 30_000);
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${o.name} ${why}.\n--- last output ---\n${tail.join('\n')}`));
    };
    stdout.on('line', (line) => {
      keep(line);
      const m = settled ? null : LISTENING.exec(line);
      if (m) {
        settled = true;
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('error', (err) => fail(`could not start (${err.message})`));
    child.once('exit', (code, signal) => fail(`exited before listening (code ${code}, signal ${signal})`));
  });

  let stopping: Promise<void> | null = null;
  const server: ChildServer = {
    name: o.name,
    url,
    pid: child.pid,
    stop: (graceMs = 5_000) => (stopping ??= (async () => {
      started.delete(server);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    })()),
  };
  started.add(server);
  return server;
}

/** Stops every server still running, each with SIGTERM first. */
export async function stopAllChildServers(): Promise<void> {
  await Promise.all([...started].map((s) => s.stop()));
}

/** Last resort for exit paths that cannot wait (uncaught errors, `process.exit`): SIGKILL whatever is left. */
export function killAllChildrenNow(): void {
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  running.clear();
}
