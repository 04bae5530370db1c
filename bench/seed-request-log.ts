import { openDatabase } from '../adapters/knex/connect.ts';
import { createKnexStore } from '../adapters/knex/store.knex.ts';
import type { RequestLogEntry } from '../core/ports/repositories.ts';
import { DEMO } from './config.ts';

// Fills the request log of a database that already holds the demo workspace. The first entry goes through
// the adapter's own `store.requests.append`; the rest, far too many for one insert each, go in bulk into the
// table migration 0001 creates (`request_log`), with the columns the adapter's own row mapping writes.
// Afterwards the adapter reads the newest rows back, which proves the bulk rows look like its own.

const TABLE = 'request_log';
const CHUNK = 500; // 11 columns per row: 5,500 bound parameters per statement, well under SQLite's limit

const PATHS = ['/v1/keys', '/v1/ping', '/v1/keys/self', '/v1/addresses', '/v1/keys/stats'];
const STATUSES = [200, 200, 200, 200, 200, 200, 200, 201, 404, 422];

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/** Entry `i` is `i` seconds older than `newest`; newest first, so page N holds entries (N-1)*size .. N*size-1. */
export function benchEntry(i: number, newest: number): RequestLogEntry {
  return {
    id: `rql_${hex(i, 24)}`, workspaceId: DEMO.workspaceId, keyId: DEMO.keyId, tokenId: null,
    requestId: `req_${hex(0xbe0000 + i, 24)}`, method: i % 7 === 0 ? 'POST' : 'GET', path: PATHS[i % PATHS.length]!,
    status: STATUSES[i % STATUSES.length]!, ipAddress: '127.0.0.1', durationMs: 1 + (i % 50) / 10,
    createdAt: new Date(newest - i * 1000).toISOString(),
  };
}

/** The same column mapping as adapters/knex/request-log-repository.knex.ts (its `toRow` is not exported). */
const toRow = (e: RequestLogEntry) => ({
  id: e.id, workspace_id: e.workspaceId, key_id: e.keyId, token_id: e.tokenId, request_id: e.requestId,
  method: e.method, path: e.path, status: e.status, ip_address: e.ipAddress, duration_ms: e.durationMs,
  created_at: e.createdAt,
});

export interface SeedResult { rows: number; newest: string; oldest: string; ms: number }

export async function seedRequestLog(dbFile: string, rows: number): Promise<SeedResult> {
  const started = performance.now();
  const db = await openDatabase(dbFile);
  try {
    const { knex } = db;
    const store = createKnexStore(knex);
    const workspace = await knex('workspaces').where({ id: DEMO.workspaceId }).first();
    if (!workspace) throw new Error(`${dbFile} holds no demo workspace ${DEMO.workspaceId}: load the demo fixture first`);
    const before = Number((await knex(TABLE).count({ n: '*' }).first())?.n ?? 0);

    // A minute in the past: the requests the benchmark itself makes land above every seeded row.
    const newest = Date.now() - 60_000;
    await store.requests.append(benchEntry(0, newest));
    const bulk: ReturnType<typeof toRow>[] = [];
    for (let i = 1; i < rows; i++) bulk.push(toRow(benchEntry(i, newest)));
    await knex.batchInsert(TABLE, bulk, CHUNK);

    const after = Number((await knex(TABLE).count({ n: '*' }).first())?.n ?? 0);
    if (after - before !== rows) throw new Error(`expected ${rows} new ${TABLE} rows, found ${after - before}`);
    const check = await store.requests.list(DEMO.workspaceId, {}, null, 3);
    for (let i = 0; i < 3 && i < rows; i++) {
      const want = benchEntry(i, newest);
      const got = check[i];
      if (!got || (Object.keys(want) as (keyof RequestLogEntry)[]).some((k) => got[k] !== want[k])) {
        throw new Error(`the adapter reads seeded row ${i} back as ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
      }
    }
    return {
      rows, newest: benchEntry(0, newest).createdAt, oldest: benchEntry(rows - 1, newest).createdAt,
      ms: performance.now() - started,
    };
  } finally {
    await db.close();
  }
}
