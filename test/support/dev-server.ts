import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../hosts/dev-server/bin.mjs', import.meta.url));

export interface DevServer { url: string; output(): string; stop(): Promise<number | null> }

/** Starts the dev server as its own process, exactly as `npm start` does, and waits for its listening line. */
export async function startDevServer(opts: { db?: string; fixture?: unknown; args?: string[]; env?: Record<string, string> } = {}): Promise<DevServer> {
  const dir = mkdtempSync(join(tmpdir(), 'wm-dev-'));
  const args = ['--port', '0', '--data-dir', dir, ...(opts.db ? ['--db', opts.db] : [])];
  if (opts.fixture) {
    writeFileSync(join(dir, 'fixture.json'), JSON.stringify(opts.fixture));
    args.push('--fixtures', join(dir, 'fixture.json'));
  }
  const child = spawn(process.execPath, [BIN, ...args, ...(opts.args ?? [])], {
    stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LOG_LEVEL: 'warn', ...opts.env },
  });
  let out = '';
  child.stdout.on('data', (d) => { out += d; });
  child.stderr.on('data', (d) => { out += d; });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dev server did not start:\n${out}`)), 60_000);
    const look = () => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) { clearTimeout(timer); resolve(m[1]!); }
    };
    child.stdout.on('data', look);
    exited.then((code) => { clearTimeout(timer); reject(new Error(`dev server exited with ${code}:\n${out}`)); });
  });
  return {
    url,
    output: () => out,
    stop: async () => { child.kill('SIGTERM'); return exited; },
  };
}
