import { join } from 'node:path';
import type { ChildServer } from './child-server.ts';
import type { BenchConfig } from './config.ts';
import { authHeaders, loadDemo, rateLimitWarning, startDevServer } from './dev-server.ts';
import { tempDir } from './temp-dir.ts';
import { heading, int, ms, note, ratio, seconds, subheading, table, warn } from './report.ts';
import { seedRequestLog } from './seed-request-log.ts';
import { median, percentile } from './stats.ts';

// Part 2: keyset paging costs the same on page 1 and on page 1,000 of the request log.

const DEEP_PAGE = 1_000;
const WARMUP_FETCHES = 5;

interface PageBody { items: { id: string }[]; hasMore: boolean; nextCursor: string | null }

async function getPage(url: string): Promise<{ res: Response; body: PageBody; ms: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: authHeaders });
  const text = await res.text();
  const elapsed = performance.now() - started;
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return { res, body: JSON.parse(text) as PageBody, ms: elapsed };
}

export async function pagingScale(config: BenchConfig): Promise<void> {
  const { rows, pageSize, pageRepeats } = config;
  const deepPage = Math.min(DEEP_PAGE, Math.floor(rows / pageSize));
  heading(`2. Paging scale: page 1 vs page ${int(deepPage)} of a ${int(rows)}-row request log (limit=${pageSize})`);
  const data = tempDir('paging');
  const db = join(data.path, 'mail.db');
  let server: ChildServer | null = null;
  try {
    subheading('setup');
    await loadDemo(data.path, db);
    note(`demo fixture loaded into ${db}`);

    const seeded = await seedRequestLog(db, rows);
    note(`seeded ${int(seeded.rows)} request_log rows (${seeded.oldest} .. ${seeded.newest}) in ${seconds(seeded.ms)}`);

    server = await startDevServer({ dataDir: data.path, db });
    const api = `${server.url}/keys/requests?limit=${pageSize}`;
    note(`dev server ${server.url} (pid ${server.pid})`);

    // Walk the list from the top, keeping the cursor that opens the deep page.
    const walkStarted = performance.now();
    let cursor: string | null = null;
    let deepCursor: string | null = null;
    let deepFirstId = '';
    for (let page = 1; page <= deepPage; page++) {
      if (page === deepPage) deepCursor = cursor;
      const { res, body } = await getPage(cursor ? `${api}&cursor=${encodeURIComponent(cursor)}` : api);
      if (page === 1) {
        const warning = rateLimitWarning(res);
        if (warning) warn(warning);
      }
      if (body.items.length !== pageSize) throw new Error(`page ${page} held ${body.items.length} items, expected ${pageSize}`);
      if (page === deepPage) deepFirstId = body.items[0]!.id;
      if (page < deepPage && !body.nextCursor) throw new Error(`page ${page} has no nextCursor; the list ended early`);
      cursor = body.nextCursor;
    }
    note(`walked pages 1..${int(deepPage)} following nextCursor in ${seconds(performance.now() - walkStarted)} ` +
      `(page ${int(deepPage)} starts at ${deepFirstId})`);

    // Timed fetches, alternating so that drift (caches, the log growing by our own requests) hits both alike.
    const firstUrl = api;
    const deepUrl = deepCursor ? `${api}&cursor=${encodeURIComponent(deepCursor)}` : api;
    for (let i = 0; i < WARMUP_FETCHES; i++) {
      await getPage(firstUrl);
      await getPage(deepUrl);
    }
    const first: number[] = [];
    const deep: number[] = [];
    for (let i = 0; i < pageRepeats; i++) {
      first.push((await getPage(firstUrl)).ms);
      const d = await getPage(deepUrl);
      if (d.body.items[0]?.id !== deepFirstId) throw new Error(`the saved cursor for page ${deepPage} now opens at ${d.body.items[0]?.id}`);
      deep.push(d.ms);
    }

    subheading(`results: ${pageRepeats} alternating fetches each after ${WARMUP_FETCHES} warm-up, client round trip`);
    const firstMedian = median(first);
    const deepMedian = median(deep);
    table(
      ['page', 'median', 'p95', 'min', 'max'],
      [
        ['page 1', ms(firstMedian), ms(percentile(first, 95)), ms(Math.min(...first)), ms(Math.max(...first))],
        [`page ${int(deepPage)}`, ms(deepMedian), ms(percentile(deep, 95)), ms(Math.min(...deep)), ms(Math.max(...deep))],
      ],
      [false, true, true, true, true],
    );
    const r = deepMedian / firstMedian;
    console.log();
    note(`page ${int(deepPage)} / page 1 (median): ${ratio(r)}`);
    if (r > 1.5) warn(`page ${int(deepPage)} is ${ratio(r)} slower than page 1: paging is not flat`);
    else note('flat: the deep page costs what the first does (keyset paging over the (workspace_id, created_at, id) index)');
  } finally {
    await server?.stop();
    data.remove();
  }
}
