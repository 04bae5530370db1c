import { startChildServer, type ChildServer } from './child-server.ts';
import { BARE_KOA_SERVER, ROOT, type BenchConfig } from './config.ts';
import { authHeaders, checkDevServer, startDevServer } from './dev-server.ts';
import { tempDir } from './temp-dir.ts';
import { measure, warmUp, type LoadResult, type LoadTarget } from './load.ts';
import { heading, int, note, ratio, table, warn, wholeMs } from './report.ts';

// Part 1: requests per second of the API next to a bare Koa hello-world, both child processes on this machine.

export async function httpThroughput(config: BenchConfig): Promise<void> {
  heading(`1. HTTP throughput (${config.connections} connections, ${config.warmupSeconds} s warm-up + ${config.seconds} s per target)`);
  const data = tempDir('http');
  const servers: ChildServer[] = [];
  try {
    const dev = await startDevServer({ dataDir: data.path });
    servers.push(dev);
    const bare = await startChildServer({ name: 'bare Koa', args: ['--import', 'tsx', BARE_KOA_SERVER, '--port', '0'], cwd: ROOT });
    servers.push(bare);
    note(`dev server  ${dev.url}  (pid ${dev.pid}, SQLite in ${data.path})`);
    note(`bare Koa    ${bare.url}  (pid ${bare.pid})`);
    const warning = await checkDevServer(dev.url);
    if (warning) warn(warning);

    const targets: LoadTarget[] = [
      { name: 'bare Koa  GET /', url: bare.url },
      { name: 'GET /v1/ping', url: `${dev.url}/ping`, headers: authHeaders },
      { name: 'GET /v1/keys', url: `${dev.url}/keys`, headers: authHeaders },
    ];
    // Whichever API target ran first paid for the fresh server; one round over all of them first evens that out.
    for (const t of targets.slice(1)) await warmUp(t, config);
    const results: LoadResult[] = [];
    for (const t of targets) {
      process.stdout.write(`   measuring ${t.name} ...`);
      const r = await measure(t, config);
      process.stdout.write(` ${int(r.requestsPerSecond)} req/s\n`);
      results.push(r);
    }

    const baseline = results[0]!.requestsPerSecond;
    console.log();
    table(
      ['target', 'req/s', 'p50', 'p99', 'non-2xx', 'errors', 'vs bare Koa'],
      results.map((r) => [r.name, int(r.requestsPerSecond), wholeMs(r.p50Ms), wholeMs(r.p99Ms), int(r.non2xx), int(r.errors), ratio(r.requestsPerSecond / baseline)]),
      [false, true, true, true, true, true, true],
    );
    for (const r of results) {
      const other = Object.entries(r.statusCodes).filter(([code]) => !code.startsWith('2'));
      if (other.length) warn(`${r.name}: ${other.map(([c, n]) => `${int(n)} x ${c}`).join(', ')}`);
    }
    note('req/s: autocannon\'s mean of per-second samples; latencies in whole ms (autocannon\'s resolution).');
    note('Every API call also authenticates, counts against the rate limit and writes a request-log row.');
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    data.remove();
  }
}
