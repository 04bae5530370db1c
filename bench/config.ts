import { fileURLToPath } from 'node:url';

// Everything the benchmark takes from the project or the environment, in one place.

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DEV_SERVER_BIN = fileURLToPath(new URL('../hosts/dev-server/bin.mjs', import.meta.url));
export const BARE_KOA_SERVER = fileURLToPath(new URL('./bare-koa.ts', import.meta.url));

/** The demo fixture (fixtures/demo.json) loads into an empty data dir; its owner key holds every scope. */
export const DEMO = {
  workspaceId: '4f6f3c2e-8d4b-4a53-9f56-2f1f7c2b9a10',
  keyId: '0123456789abcdef01234567',
  token: 'wm_live_0123456789abcdef01234567_ebrta5t_sBwTvSnlojA6CBaUpcFiaof4eDHmPR_W1ug',
} as const;

/** Far above anything a run reaches, so the 600-a-minute budget never answers 429 mid-benchmark. */
export const REQUESTS_PER_MINUTE = 100_000_000;

/** Environment of every dev-server child: no per-request log lines, no rate limit in the way. */
export const DEV_SERVER_ENV = { LOG_LEVEL: 'warn', MAIL_REQUESTS_PER_MINUTE: String(REQUESTS_PER_MINUTE) };

function positiveNumber(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number (got ${text})`);
  return n;
}

export interface BenchConfig {
  /** Measured seconds per target (BENCH_SECONDS). */
  seconds: number;
  /** Discarded warm-up seconds per target (BENCH_WARMUP_SECONDS). */
  warmupSeconds: number;
  /** Concurrent connections (BENCH_CONNECTIONS). */
  connections: number;
  /** Rows seeded into the request log (BENCH_ROWS). */
  rows: number;
  /** Page size of the paging walk. */
  pageSize: number;
  /** Timed fetches of page 1 and of the deep page each (BENCH_PAGE_REPEATS). */
  pageRepeats: number;
}

export function readConfig(): BenchConfig {
  return {
    seconds: positiveNumber('BENCH_SECONDS', 5),
    warmupSeconds: positiveNumber('BENCH_WARMUP_SECONDS', 1),
    connections: Math.round(positiveNumber('BENCH_CONNECTIONS', 10)),
    rows: Math.round(positiveNumber('BENCH_ROWS', 100_000)),
    pageSize: 100,
    pageRepeats: Math.round(positiveNumber('BENCH_PAGE_REPEATS', 50)),
  };
}
