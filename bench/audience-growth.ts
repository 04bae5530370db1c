import { join } from 'node:path';
import { openDatabase } from '../adapters/knex/connect.ts';
import { createKnexStore } from '../adapters/knex/store.knex.ts';
import type { ChildServer } from './child-server.ts';
import { DEMO } from './config.ts';
import { authHeaders, loadDemo, startDevServer } from './dev-server.ts';
import { heading, int, ms, note, seconds, subheading, table, warn } from './report.ts';
import { median, percentile } from './stats.ts';
import { tempDir } from './temp-dir.ts';

// Part 3: GET /audiences/growth over a million memberships. The report is aggregated by the database (GROUP BY
// over the bucket expression), so its cost follows the membership count, never the number of buckets or the
// memory of the server. Rows go in bulk into the tables migrations 0001 and 0010 make, with the columns the
// contact repository writes.

const AUDIENCES = 4; // the default audience and three more; every contact is in each
const REPEATS = 5;
const CHUNK = 500;
const YEARS_MS = 3 * 365 * 86_400_000;

const QUERIES: Array<[string, string]> = [
  ['30 days by day (the default)', ''],
  ['3 years by day', '?days=1095'],
  ['90 days by hour, +05:30', '?days=90&grain=hour&offsetMinutes=330'],
  ['1 day by minute', '?minutes=1440&grain=minute'],
  ['one audience, 1 year by day', '?days=365&audienceIds=aud_bench_1'],
];

function membershipsWanted(): number {
  const text = process.env.BENCH_MEMBERSHIPS;
  const n = text ? Number(text) : 1_000_000;
  if (!Number.isInteger(n) || n < AUDIENCES) throw new Error(`BENCH_MEMBERSHIPS must be an integer of at least ${AUDIENCES} (got ${text})`);
  return n;
}

/** `contacts` people, each in all four audiences, joined at times spread over three years; one in twenty unsubscribed. */
export async function seed(dbFile: string, contacts: number): Promise<{ memberships: number; ms: number }> {
  const started = performance.now();
  const db = await openDatabase(dbFile);
  try {
    const { knex } = db;
    const store = createKnexStore(knex);
    const dflt = await store.audiences.defaultAudience(DEMO.workspaceId);
    if (!dflt) throw new Error(`${dbFile} holds no demo workspace: load the demo fixture first`);
    const now = Date.now();
    const audienceIds = [dflt.id];
    for (let i = 1; i < AUDIENCES; i++) {
      const id = `aud_bench_${i}`;
      await store.audiences.insertAudience({ id, workspaceId: DEMO.workspaceId, name: `Bench ${i}`, description: null, builtin: null, showOnPreferences: false, createdAt: new Date(now).toISOString(), updatedAt: new Date(now).toISOString() });
      audienceIds.push(id);
    }
    const before = Number((await knex('audience_members').count({ n: '*' }).first())?.n ?? 0);
    await knex.transaction(async (trx) => {
      for (let start = 0; start < contacts; start += CHUNK) {
        const people = [];
        const members = [];
        for (let i = start; i < Math.min(contacts, start + CHUNK); i++) {
          const id = `con_bench${i.toString(16).padStart(15, '0')}`;
          const joined = now - Math.floor(((i * 2_654_435_761) % 1_000_003) / 1_000_003 * YEARS_MS);
          const at = new Date(joined).toISOString();
          people.push({ id, workspace_id: DEMO.workspaceId, email: `bench${i}@example.test`, name: `Bench ${i}`, name_key: `bench ${i}`, custom_fields: '{}', source: 'import', created_at: at, updated_at: at });
          for (const [k, audienceId] of audienceIds.entries()) {
            const off = k > 0 && i % 20 === k;
            members.push({ audience_id: audienceId, contact_id: id, joined_at: at, unsubscribed_at: off ? new Date(Math.min(now, joined + 86_400_000)).toISOString() : null });
          }
        }
        await trx('contacts').insert(people);
        for (let m = 0; m < members.length; m += CHUNK) await trx('audience_members').insert(members.slice(m, m + CHUNK));
      }
    });
    const after = Number((await knex('audience_members').count({ n: '*' }).first())?.n ?? 0);
    return { memberships: after - before, ms: performance.now() - started };
  } finally {
    await db.close();
  }
}

async function timed(url: string): Promise<{ ms: number; body: { totals: { memberships: number } } }> {
  const started = performance.now();
  const res = await fetch(url, { headers: authHeaders });
  const text = await res.text();
  const elapsed = performance.now() - started;
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return { ms: elapsed, body: JSON.parse(text) };
}

export async function audienceGrowth(): Promise<void> {
  const contacts = Math.floor(membershipsWanted() / AUDIENCES);
  heading(`3. Audience growth over ${int(contacts * AUDIENCES)} memberships (${int(contacts)} contacts in ${AUDIENCES} audiences)`);
  const data = tempDir('growth');
  const db = join(data.path, 'mail.db');
  let server: ChildServer | null = null;
  try {
    subheading('setup');
    await loadDemo(data.path, db);
    const seeded = await seed(db, contacts);
    note(`seeded ${int(seeded.memberships)} memberships in ${seconds(seeded.ms)}`);
    server = await startDevServer({ dataDir: data.path, db });
    const rows: string[][] = [];
    for (const [label, query] of QUERIES) {
      const url = `${server.url}/audiences/growth${query}`;
      const first = await timed(url);
      if (first.body.totals.memberships < seeded.memberships / (query.includes('audienceIds') ? AUDIENCES : 1)) {
        warn(`${label}: the report counts ${first.body.totals.memberships} memberships, fewer than were seeded`);
      }
      const runs: number[] = [];
      for (let i = 0; i < REPEATS; i++) runs.push((await timed(url)).ms);
      rows.push([label, ms(first.ms), ms(median(runs)), ms(percentile(runs, 95)), ms(Math.min(...runs)), ms(Math.max(...runs))]);
    }
    subheading(`results: a cold fetch, then ${REPEATS} timed fetches each, client round trip`);
    table(['report', 'cold', 'median', 'p95', 'min', 'max'], rows, [false, true, true, true, true, true]);
  } finally {
    await server?.stop();
    data.remove();
  }
}
