import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../adapters/knex/connect.ts';
import { createKnexStore } from '../../adapters/knex/store.knex.ts';
import { kindOf, type StoredFile } from '../../core/files/file.ts';
import type { Store } from '../../core/ports/repositories.ts';
import type { Call, TestServer } from '../support/server.ts';

// Helpers the files tests share: raw uploads, a direct store on the server's database (to set usage, seed rows
// and read events), and a look at the blob directory.

export async function upload(
  s: TestServer, token: string, bytes: Uint8Array | string,
  opts: { filename?: string | null; headers?: Record<string, string>; query?: string } = {},
): Promise<Call> {
  const name = opts.filename === undefined ? 'notes.txt' : opts.filename;
  const query = opts.query ?? (name === null ? '' : `?filename=${encodeURIComponent(name)}`);
  const res = await fetch(`${s.url}/files${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain', ...opts.headers },
    body: typeof bytes === 'string' ? bytes : Buffer.from(bytes),
  });
  const text = await res.text();
  let body: unknown = text;
  try { body = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, headers: res.headers, body };
}

/** Runs `work` with a store of its own over the server's database. */
export async function withStore<T>(s: TestServer, work: (store: Store) => Promise<T>): Promise<T> {
  const db = await openDatabase(s.service.config.db);
  try {
    return await work(createKnexStore(db.knex));
  } finally {
    await db.close();
  }
}

let seq = 0;
/** A file row with no bytes behind it, for rules that need many or large files. */
export function seededFile(s: TestServer, overrides: Partial<StoredFile> = {}): StoredFile {
  const mimeType = overrides.mimeType ?? 'application/octet-stream';
  return {
    id: `file_${(++seq).toString(16).padStart(8, '0')}${'0'.repeat(16)}`, workspaceId: s.fixture.ids.workspace,
    filename: `seeded-${seq}.bin`, mimeType, kind: kindOf(mimeType), sizeBytes: 10, sha256: '0'.repeat(64),
    blobRef: '0'.repeat(32), direction: 'uploaded', usage: null, deliveredTo: null, threadId: null, messageId: null,
    createdAt: s.clock.now().toISOString(), deletedAt: null, ...overrides,
  };
}

export const seed = (s: TestServer, files: StoredFile[]) => withStore(s, async (store) => {
  for (const f of files) await store.files.insert(f);
});

export const setUsage = (s: TestServer, id: string, usage: StoredFile['usage']) =>
  withStore(s, (store) => store.files.setUsage(s.fixture.ids.workspace, id, usage));

export const eventsOf = (s: TestServer) => withStore(s, (store) => store.events.listAfter(s.fixture.ids.workspace, null, 1000));

/** Every blob file under the server's data dir (part files included), relative to `blobs/`. */
export function blobFiles(s: TestServer): string[] {
  const root = join(s.service.config.dataDir, 'blobs');
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    let names: string[] = [];
    try { names = readdirSync(dir); } catch { return; }
    for (const n of names) {
      const path = join(dir, n);
      if (statSync(path).isDirectory()) walk(path, `${rel}${n}/`);
      else out.push(`${rel}${n}`);
    }
  };
  walk(root, '');
  return out;
}

export const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
