import test from 'ava';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../adapters/knex/connect.ts';
import { FsBlobStore } from '../../adapters/blob-fs/blob-store.fs.ts';
import { makeFixture } from '../support/fixture.ts';

// A dev server killed with SIGKILL mid-upload: no file may sit under a live ref and no row may name missing
// bytes. The half-written upload may only remain as a part file in blobs/tmp, which the sweep clears.

const BIN = fileURLToPath(new URL('../../hosts/dev-server/bin.mjs', import.meta.url));

async function start(dataDir: string, fixtureFile: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BIN, '--port', '0', '--data-dir', dataDir, '--fixtures', fixtureFile], {
    stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LOG_LEVEL: 'warn' },
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dev server did not start:\n${out}`)), 60_000);
    const look = (d: Buffer) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) { clearTimeout(timer); resolve(m[1]!); }
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', (d) => { out += d; });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`dev server exited with ${code}:\n${out}`)); });
  });
  return { child, url };
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => {
  if (child.exitCode !== null || child.signalCode !== null) resolve();
  else child.once('exit', () => resolve());
});

function partFiles(blobs: string): string[] {
  const dir = join(blobs, 'tmp');
  return existsSync(dir) ? readdirSync(dir).map((n) => join(dir, n)) : [];
}

function storedBlobs(blobs: string): string[] {
  if (!existsSync(blobs)) return [];
  return readdirSync(blobs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(blobs, join(e.parentPath ?? (e as any).path, e.name)))
    .filter((p) => !p.startsWith('tmp'));
}

test('SIGKILL mid-upload leaves no file under a live ref and no row without its bytes', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wm-crash-'));
  const fixture = makeFixture();
  const fixtureFile = join(dataDir, 'fixture.json');
  writeFileSync(fixtureFile, JSON.stringify(fixture.json));
  const auth = { authorization: `Bearer ${fixture.tokens.owner}` };
  const blobs = join(dataDir, 'blobs');

  const first = await start(dataDir, fixtureFile);
  try {
    const done = await fetch(`${first.url}/files?filename=complete.txt`, { method: 'POST', headers: auth, body: 'finished before the crash' });
    t.is(done.status, 201);

    // Send 8 MB of a 50 MB upload, wait until the server has written some of it, then kill it outright.
    let sent = 0;
    let stop = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(c) {
        if (stop) return new Promise(() => undefined); // hold the upload open, as a slow client would
        c.enqueue(new Uint8Array(1024 * 1024).fill(0x41));
        sent += 1024 * 1024;
        if (sent >= 8 * 1024 * 1024) stop = true;
      },
    });
    const pending = fetch(`${first.url}/files?filename=half.bin`, { method: 'POST', headers: { ...auth, 'content-length': String(50 * 1024 * 1024) }, body, duplex: 'half' } as RequestInit)
      .then(() => 'answered', () => 'connection lost');
    const deadline = Date.now() + 20_000;
    while (!partFiles(blobs).some((p) => statSync(p).size > 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    t.true(partFiles(blobs).length > 0, 'the upload was being written when the server died');
    first.child.kill('SIGKILL');
    await exited(first.child);
    t.is(await pending, 'connection lost');
  } finally {
    first.child.kill('SIGKILL');
  }

  // Every live row names bytes that are there, whole; every stored blob belongs to a row.
  const db = await openDatabase(join(dataDir, 'mail.db'));
  let rows: Array<{ filename: string; blob_ref: string; size_bytes: number; sha256: string }>;
  try {
    rows = await db.knex('files').whereNull('deleted_at').select('filename', 'blob_ref', 'size_bytes', 'sha256');
  } finally {
    await db.close();
  }
  t.deepEqual(rows.map((r) => r.filename), ['complete.txt']);
  for (const r of rows) {
    const path = join(blobs, r.blob_ref.slice(0, 2), r.blob_ref.slice(2));
    const bytes = readFileSync(path);
    t.is(bytes.length, Number(r.size_bytes));
    t.is(createHash('sha256').update(bytes).digest('hex'), r.sha256);
  }
  t.deepEqual(storedBlobs(blobs).sort(), rows.map((r) => join(r.blob_ref.slice(0, 2), r.blob_ref.slice(2))).sort());

  // A restarted server works on the same data, and the sweep clears the part file.
  const second = await start(dataDir, fixtureFile);
  try {
    const again = await fetch(`${second.url}/files?filename=after.txt`, { method: 'POST', headers: auth, body: 'after the crash' });
    t.is(again.status, 201);
  } finally {
    second.child.kill('SIGTERM');
    await exited(second.child);
  }
  t.true(partFiles(blobs).length > 0, 'a fresh part file is only swept once stale');
  t.is(await new FsBlobStore(blobs).sweepTemp(0), 1);
  t.deepEqual(partFiles(blobs), []);
});
