import test from 'ava';
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { assertError, serverTest, startTestServer, type TestServer } from '../support/server.ts';
import { blobFiles, seed, seededFile, upload } from './files-kit.ts';

const MB = 1024 * 1024;
const LIMIT = 100 * MB;
const GB = 1024 * MB;

serverTest('rate: past 500 uploads per workspace per hour (deleted ones counted) 429 upload_rate_limited with Retry-After', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  const start = s.clock.now().getTime();
  const at = (ms: number) => new Date(start + ms).toISOString();
  // 499 in the last hour (one of them deleted, one at the window's first instant), and an older one that no longer counts.
  await seed(s, [
    seededFile(s, { createdAt: at(-3_600_000) }),
    seededFile(s, { createdAt: at(-3_600_001) }),
    seededFile(s, { createdAt: at(-60_000), deletedAt: at(-30_000) }),
    ...Array.from({ length: 497 }, () => seededFile(s, { createdAt: at(-1_000) })),
    seededFile(s, { direction: 'inbound', deliveredTo: 'hello@acme.test', createdAt: at(-1_000) }),
  ]);
  t.is((await upload(s, owner, 'the 500th')).status, 201);
  const refused = await upload(s, owner, 'the 501st');
  assertError(t, refused, 429, 'upload_rate_limited');
  t.is(refused.headers.get('retry-after'), '1', 'the oldest counted upload leaves the window in a millisecond: at least 1 s');
  t.is((await upload(s, s.fixture.tokens.other, 'another workspace')).status, 201);
  s.clock.advance(1);
  t.is((await upload(s, owner, 'a slot freed')).status, 201);
  const again = await upload(s, owner, 'full again');
  assertError(t, again, 429, 'upload_rate_limited');
  t.is(again.headers.get('retry-after'), String(Math.ceil((3_600_000 - 60_000 - 1) / 1000)), 'the deleted upload a minute ago is now the oldest');
  t.deepEqual(blobFiles(s).filter((f) => !f.startsWith('tmp/')).length, 3);
});

serverTest('storage: 507 upload_storage_full past the plan\'s upload storage; deleted uploads free it', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  const big = seededFile(s, { sizeBytes: 50 * GB - 10 });
  await seed(s, [big, seededFile(s, { direction: 'inbound', deliveredTo: 'hello@acme.test', sizeBytes: 5 * GB })]);
  t.is((await upload(s, owner, '0123456789')).status, 201, 'exactly full is allowed');
  assertError(t, await upload(s, owner, 'x'), 507, 'upload_storage_full');
  const stats = (await s.call('GET', '/files/stats', { token: owner })).body;
  t.deepEqual(stats.uploadStorage, { usedBytes: 50 * GB, limitBytes: 50 * GB });
  await s.call('POST', '/files/batch-delete', { token: owner, body: { ids: [big.id] } });
  t.is((await upload(s, owner, 'x')).status, 201);
  // The free plan's 10 GB in the other workspace.
  await seed(s, [seededFile(s, { workspaceId: s.fixture.ids.other, sizeBytes: 10 * GB })]);
  const res = await upload(s, s.fixture.tokens.other, 'x');
  assertError(t, res, 507, 'upload_storage_full');
  t.regex(res.body.error.message, /10 GB/);
});

/** A raw upload over node:http, so a test controls Content-Length and can stop sending once answered. */
function rawUpload(s: TestServer, opts: { bytes: number; contentLength?: number; chunk?: number }): Promise<{ status: number; body: any; sha256: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${s.url}/files?filename=big.bin`);
    const hash = createHash('sha256');
    const req = request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${s.fixture.tokens.owner}`, 'content-type': 'application/octet-stream',
        ...(opts.contentLength !== undefined ? { 'content-length': String(opts.contentLength) } : {}),
      },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { text += d; });
      res.on('end', () => { resolve({ status: res.statusCode!, body: JSON.parse(text), sha256: hash.digest('hex') }); req.destroy(); });
    });
    req.on('error', reject);
    let sent = 0;
    const size = opts.chunk ?? 256 * 1024;
    const pump = () => {
      while (sent < opts.bytes) {
        const n = Math.min(size, opts.bytes - sent);
        const chunk = Buffer.alloc(n, sent % 251);
        chunk[0] = 0x50; // never a program's first bytes
        hash.update(chunk);
        sent += n;
        if (!req.write(chunk)) { req.once('drain', pump); return; }
      }
      req.end();
    };
    pump();
  });
}

test.serial('[sqlite] 100 MB streams through: size and sha256 of the stored file match; 100 MB + 1 is 413 either way', async (t) => {
  const s = await startTestServer('sqlite');
  try {
    const ok = await rawUpload(s, { bytes: LIMIT });
    t.is(ok.status, 201, JSON.stringify(ok.body));
    t.is(ok.body.sizeBytes, LIMIT);
    t.is(ok.body.sha256, ok.sha256);
    const back = createHash('sha256');
    const res = await fetch(`${s.url}/files/${ok.body.id}/content`, { headers: { authorization: `Bearer ${s.fixture.tokens.owner}` } });
    t.is(res.headers.get('content-length'), String(LIMIT));
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) back.update(chunk);
    t.is(back.digest('hex'), ok.sha256);

    // Counted while streaming (no Content-Length: chunked), and refused up front from Content-Length.
    const counted = await rawUpload(s, { bytes: LIMIT + 1 });
    t.is(counted.status, 413);
    t.is(counted.body.error.code, 'upload_too_large');
    t.regex(counted.body.error.message, /100 MB/);
    const declared = await rawUpload(s, { bytes: 64 * 1024, contentLength: LIMIT + 1 });
    t.is(declared.status, 413);
    t.is(declared.body.error.code, 'upload_too_large');
    t.deepEqual((await s.call('GET', '/files', { token: s.fixture.tokens.owner })).body.items.map((f: { id: string }) => f.id), [ok.body.id]);
    t.is(blobFiles(s).length, 1, 'no part file left behind');
  } finally {
    await s.stop();
  }
});

serverTest('declared sizes: Content-Length 0 is upload_empty; a declared size within the limit streams as usual', async (t, s) => {
  const empty = await rawUpload(s, { bytes: 0, contentLength: 0 });
  t.is(empty.status, 400);
  t.is(empty.body.error.code, 'upload_empty');
  const small = await rawUpload(s, { bytes: 10, contentLength: 10 });
  t.is(small.status, 201);
  t.is(small.body.sizeBytes, 10);
});
