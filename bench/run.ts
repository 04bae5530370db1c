// `npm run bench`: HTTP throughput against a bare Koa baseline, then paging depth. Every server is a child
// process; all of them are stopped however the run ends.
import { availableParallelism, loadavg } from 'node:os';
import { killAllChildrenNow, stopAllChildServers } from './child-server.ts';
import { readConfig } from './config.ts';
import { httpThroughput } from './http-throughput.ts';
import { pagingScale } from './paging-scale.ts';
import { audienceGrowth } from './audience-growth.ts';
import { uploadMemory } from './upload-memory.ts';
import { webhookThroughput } from './webhook-throughput.ts';
import { heading, note, seconds } from './report.ts';
import { removeAllTempDirs } from './temp-dir.ts';

process.once('exit', () => {
  killAllChildrenNow();
  removeAllTempDirs();
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping child servers`);
    stopAllChildServers().finally(() => process.exit(130));
  });
}

async function main(): Promise<void> {
  const started = performance.now();
  const config = readConfig();
  heading('workspace-mail benchmark');
  note(`node ${process.version}, ${process.platform}/${process.arch}, ${availableParallelism()} CPUs, ` +
    `load average ${loadavg().map((n) => n.toFixed(2)).join(' ')} (servers and load generator share them)`);
  note(`BENCH_SECONDS=${config.seconds}, BENCH_WARMUP_SECONDS=${config.warmupSeconds}, ` +
    `BENCH_CONNECTIONS=${config.connections}, BENCH_ROWS=${config.rows}, BENCH_PAGE_REPEATS=${config.pageRepeats}`);
  await httpThroughput(config);
  await pagingScale(config);
  await audienceGrowth();
  await uploadMemory();
  await webhookThroughput();
  heading(`done in ${seconds(performance.now() - started)}`);
}

let code = 0;
try {
  await main();
} catch (err) {
  code = 1;
  console.error(`\nbenchmark failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
} finally {
  await stopAllChildServers();
}
// Explicit: keep-alive sockets of fetch and autocannon must not hold the process open.
process.exit(code);
