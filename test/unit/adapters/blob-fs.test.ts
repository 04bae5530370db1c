import test from 'ava';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FsBlobStore } from '../../../adapters/blob-fs/blob-store.fs.ts';
import { BlobMissing, BlobTooLarge } from '../../../core/ports/blob-store.ts';

const fresh = () => {
  const root = mkdtempSync(join(tmpdir(), 'wm-blobs-'));
  return { root, store: new FsBlobStore(root) };
};
async function* chunks(...parts: Array<string | Uint8Array>) { for (const p of parts) yield typeof p === 'string' ? new TextEncoder().encode(p) : p; }
const read = async (it: AsyncIterable<Uint8Array>) => { const out: Buffer[] = []; for await (const c of it) out.push(Buffer.from(c)); return Buffer.concat(out); };
/** Every file under root except the part-file folder. */
const stored = (root: string) => readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath ?? (e as any).path, e.name));

test('round trip: bytes, size and sha256 come back; refs differ for equal content', async (t) => {
  const { store } = fresh();
  const a = await store.put(chunks('hello ', 'world'), { maxBytes: 100 });
  t.deepEqual([a.sizeBytes, a.sha256], [11, createHash('sha256').update('hello world').digest('hex')]);
  t.is((await read(await store.open(a.ref))).toString(), 'hello world');
  const b = await store.put(chunks('hello world'), { maxBytes: 100 });
  t.not(a.ref, b.ref);
  await store.remove(a.ref);
  await t.throwsAsync(store.open(a.ref), { instanceOf: BlobMissing });
  t.is((await read(await store.open(b.ref))).toString(), 'hello world');
  await t.notThrowsAsync(store.remove(a.ref));
});

test('exactly the limit is stored; one byte past it aborts and leaves no file at all', async (t) => {
  const { root, store } = fresh();
  const ok = await store.put(chunks(new Uint8Array(60), new Uint8Array(40)), { maxBytes: 100 });
  t.is(ok.sizeBytes, 100);
  let pulled = 0;
  async function* endless() { for (;;) { pulled++; yield new Uint8Array(50); } }
  await t.throwsAsync(store.put(endless(), { maxBytes: 100 }), { instanceOf: BlobTooLarge });
  t.is(pulled, 3, 'stops reading once past the limit');
  t.is(stored(root).length, 1);
});

test('a failing source leaves no file; empty content is a valid empty blob', async (t) => {
  const { root, store } = fresh();
  async function* failing() { yield new Uint8Array(10); throw new Error('client went away'); }
  await t.throwsAsync(store.put(failing(), { maxBytes: 100 }), { message: 'client went away' });
  t.deepEqual(stored(root), []);
  const empty = await store.put(chunks(), { maxBytes: 100 });
  t.is(empty.sizeBytes, 0);
  t.is(empty.sha256, createHash('sha256').digest('hex'));
});

test('refs that are not ours never reach the file system', async (t) => {
  const { store } = fresh();
  for (const ref of ['../etc/passwd', '', 'ABCDEF', '0'.repeat(31), `${'0'.repeat(32)}/x`]) {
    await t.throwsAsync(store.open(ref), { instanceOf: BlobMissing });
    await t.notThrowsAsync(store.remove(ref));
  }
});

test('sweep removes stale part files only', async (t) => {
  const { root, store } = fresh();
  mkdirSync(join(root, 'tmp'), { recursive: true });
  const stale = join(root, 'tmp', 'old.part');
  writeFileSync(stale, 'half');
  utimesSync(stale, new Date(Date.now() - 2 * 3600_000), new Date(Date.now() - 2 * 3600_000));
  writeFileSync(join(root, 'tmp', 'busy.part'), 'being written');
  t.is(await store.sweepTemp(), 1);
  t.deepEqual(readdirSync(join(root, 'tmp')), ['busy.part']);
  t.is(await store.sweepTemp(0), 1);
  t.deepEqual(readdirSync(join(root, 'tmp')), []);
});
