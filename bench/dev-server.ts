import { startChildServer, type ChildServer } from './child-server.ts';
import { DEMO, DEV_SERVER_BIN, DEV_SERVER_ENV, REQUESTS_PER_MINUTE, ROOT } from './config.ts';

// The dev server exactly as users start it: `node hosts/dev-server/bin.mjs --port 0 --data-dir DIR [--db FILE]`.

export interface DevServerOptions { dataDir: string; db?: string; name?: string }

export function startDevServer(o: DevServerOptions): Promise<ChildServer> {
  const args = [DEV_SERVER_BIN, '--port', '0', '--data-dir', o.dataDir, ...(o.db ? ['--db', o.db] : [])];
  return startChildServer({ name: o.name ?? 'dev server', args, env: DEV_SERVER_ENV, cwd: ROOT, timeoutMs: 60_000 });
}

export const authHeaders = { authorization: `Bearer ${DEMO.token}` } as const;

/**
 * One authenticated ping: proves the demo key works and that the child honoured MAIL_REQUESTS_PER_MINUTE.
 * Returns a warning to print when the limit is not the one asked for (the run goes on, but 429s will show).
 */
export async function checkDevServer(apiUrl: string): Promise<string | null> {
  const res = await fetch(`${apiUrl}/ping`, { headers: authHeaders });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET ${apiUrl}/ping with the demo key answered ${res.status}, expected 200`);
  return rateLimitWarning(res);
}

/** A warning when an authenticated response shows a rate limit other than the one the child was given. */
export function rateLimitWarning(res: Response): string | null {
  const limit = res.headers.get('ratelimit-limit');
  if (limit !== String(REQUESTS_PER_MINUTE)) {
    return `MAIL_REQUESTS_PER_MINUTE=${REQUESTS_PER_MINUTE} was not honoured (RateLimit-Limit: ${limit ?? 'absent'}): ` +
      'expect 429 responses once a key passes 600 requests in a minute.';
  }
  return null;
}

/** Starts the dev server once on an empty data dir so it loads the demo, then stops it: seeding comes next. */
export async function loadDemo(dataDir: string, db: string): Promise<void> {
  const server = await startDevServer({ dataDir, db, name: 'dev server (loading the demo)' });
  await server.stop();
}
