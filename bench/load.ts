import autocannon from 'autocannon';

// One load test: a discarded warm-up, then the measured run, reduced to the figures the report shows.

export interface LoadTarget { name: string; url: string; headers?: Record<string, string> }
export interface LoadSettings { connections: number; seconds: number; warmupSeconds: number }

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses outside 2xx, plus connection errors and timeouts (which have no status at all). */
  non2xx: number;
  errors: number;
  total: number;
  statusCodes: Record<string, number>;
}

const run = (t: LoadTarget, connections: number, seconds: number) =>
  autocannon({ url: t.url, method: 'GET', headers: t.headers ?? {}, connections, duration: seconds, timeout: 10 });

/** Load whose results are thrown away (JIT, SQLite page cache and WAL growth settle first). */
export async function warmUp(t: LoadTarget, s: LoadSettings): Promise<void> {
  if (s.warmupSeconds > 0) await run(t, s.connections, s.warmupSeconds);
}

export async function measure(t: LoadTarget, s: LoadSettings): Promise<LoadResult> {
  await warmUp(t, s);
  const r = await run(t, s.connections, s.seconds);
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = Number(count);
  return {
    name: t.name,
    requestsPerSecond: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    total: r.requests.total,
    statusCodes,
  };
}
