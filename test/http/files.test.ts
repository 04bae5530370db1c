import { assertError, serverTest } from '../support/server.ts';
import { blobFiles, eventsOf, sha256, upload } from './files-kit.ts';

const FILE_ID = /^file_[0-9a-f]{24}$/;

serverTest('upload: 201 with every field; get, content and the file.uploaded event agree', async (t, s) => {
  const res = await upload(s, s.fixture.tokens.owner, 'hello world', { filename: 'report.txt', headers: { 'content-type': 'Text/Plain; charset=utf-8' } });
  t.is(res.status, 201, JSON.stringify(res.body));
  const f = res.body;
  t.regex(f.id, FILE_ID);
  t.deepEqual({ ...f, id: 'x' }, {
    id: 'x', object: 'file', filename: 'report.txt', mimeType: 'text/plain; charset=utf-8', sizeBytes: 11, sha256: sha256('hello world'),
    direction: 'uploaded', usage: null, deletable: true, deliveredTo: null, threadId: null, messageId: null, createdAt: '2026-11-22T10:00:00.000Z',
  });
  t.deepEqual((await s.call('GET', `/files/${f.id}`, { token: s.fixture.tokens.owner })).body, f);
  const content = await fetch(`${s.url}/files/${f.id}/content`, { headers: { authorization: `Bearer ${s.fixture.tokens.owner}` } });
  t.is(content.status, 200);
  t.is(content.headers.get('content-type'), 'text/plain; charset=utf-8');
  t.is(content.headers.get('content-disposition'), `attachment; filename="report.txt"; filename*=UTF-8''report.txt`);
  t.is(content.headers.get('x-content-type-options'), 'nosniff');
  t.is(await content.text(), 'hello world');
  const events = (await eventsOf(s)).filter((e) => e.type.startsWith('file.'));
  t.is(events.length, 1);
  t.deepEqual({ type: events[0]!.type, address: events[0]!.address, data: events[0]!.data }, {
    type: 'file.uploaded', address: null,
    data: {
      fileId: f.id, filename: 'report.txt', mimeType: f.mimeType, sizeBytes: 11, direction: 'uploaded', to: null,
      threadId: null, messageId: null, uploadedAt: f.createdAt,
    },
  });
});

serverTest('upload name: query wins over X-Filename, the header is URI-decoded, unfit characters become _', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  const name = async (opts: Parameters<typeof upload>[3]) => (await upload(s, owner, 'x', opts)).body.filename;
  t.is(await name({ filename: 'from-query.txt', headers: { 'x-filename': 'from-header.txt' } }), 'from-query.txt');
  t.is(await name({ filename: null, headers: { 'x-filename': encodeURIComponent('résumé 2026.txt') } }), 'résumé 2026.txt');
  t.is(await name({ filename: null, headers: { 'x-filename': '100%25 sure.txt' } }), '100% sure.txt');
  t.is(await name({ filename: null, headers: { 'x-filename': 'bad%zz.txt' } }), 'bad%zz.txt');
  t.is(await name({ filename: 'a/b\\c:d*e?f"g<h>i|j\u0001k\u007f.txt' }), 'a_b_c_d_e_f_g_h_i_j_k_.txt');
  t.is(await name({ filename: '  spaced.txt  ' }), 'spaced.txt');
  const long = await name({ filename: `${'n'.repeat(300)}.pdf` });
  t.is(long.length, 255);
  t.true(long.endsWith('n.pdf'));
  const longNoExt = await name({ filename: 'é'.repeat(300) });
  t.is([...longNoExt].length, 255);
});

serverTest('upload refusals: no name, empty, dangerous by extension, by type and by first bytes', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  assertError(t, await upload(s, owner, 'x', { filename: null }), 400, 'upload_no_name', 'filename');
  assertError(t, await upload(s, owner, 'x', { filename: '   ' }), 400, 'upload_no_name');
  assertError(t, await upload(s, owner, 'x', { filename: null, headers: { 'x-filename': '' } }), 400, 'upload_no_name');
  assertError(t, await upload(s, owner, ''), 400, 'upload_empty');
  for (const name of ['setup.exe', 'LIB.DLL', 'run.bat', 'x.cmd', 'x.com', 'x.scr', 'x.msi', 'x.ps1', 'x.vbs', 'x.js', 'x.jar', 'x.sh', 'x.app', 'invoice.pdf.exe', 'trick.exe. .']) {
    assertError(t, await upload(s, owner, 'plain text', { filename: name }), 400, 'upload_dangerous');
  }
  assertError(t, await upload(s, owner, 'x', { filename: 'x.txt', headers: { 'content-type': 'application/x-msdownload' } }), 400, 'upload_dangerous');
  const heads: Array<[string, number[]]> = [
    ['MZ', [0x4d, 0x5a, 0x90, 0]], ['ELF', [0x7f, 0x45, 0x4c, 0x46, 2]], ['Mach-O 64', [0xcf, 0xfa, 0xed, 0xfe, 7]],
    ['Mach-O BE', [0xfe, 0xed, 0xfa, 0xce]], ['universal', [0xca, 0xfe, 0xba, 0xbe]], ['shebang', [...Buffer.from('#!/bin/sh\necho hi')]],
  ];
  for (const [what, bytes] of heads) {
    const res = await upload(s, owner, new Uint8Array(bytes), { filename: 'harmless.dat' });
    t.is(res.body?.error?.code, 'upload_dangerous', what);
  }
  // The magic is judged across chunk boundaries too: `M` then `Z` in separate writes.
  const split = await fetch(`${s.url}/files?filename=split.dat`, {
    method: 'POST', headers: { authorization: `Bearer ${owner}` }, duplex: 'half',
    body: new ReadableStream({ start(c) { c.enqueue(new Uint8Array([0x4d])); c.enqueue(new Uint8Array([0x5a, 1, 2])); c.close(); } }),
  } as RequestInit);
  t.is((await split.json()).error.code, 'upload_dangerous');
  t.is((await upload(s, owner, 'M', { filename: 'one-byte.txt' })).status, 201);
  t.is((await upload(s, owner, 'ZM', { filename: 'zm.txt' })).status, 201);
  const list = await s.call('GET', '/files', { token: owner });
  t.deepEqual(list.body.items.map((f: { filename: string }) => f.filename).sort(), ['one-byte.txt', 'zm.txt']);
  t.deepEqual(blobFiles(s).filter((f) => !f.startsWith('tmp/')).length, 2);
});

serverTest('upload reach: narrowed callers upload to the first address they hold; none held is 403 upload_no_address', async (t, s) => {
  const { narrowed, domainKey, memberRole, memberApp } = s.fixture.tokens;
  t.is((await upload(s, narrowed, 'a')).body.deliveredTo, 'hello@acme.test');
  t.is((await upload(s, memberApp, 'a')).body.deliveredTo, 'hello@acme.test');
  t.is((await upload(s, memberRole, 'a')).body.deliveredTo, 'sales@acme.test');
  t.is((await upload(s, domainKey, 'a')).body.deliveredTo, 'hello@acme.test');
  const made = await s.call('POST', '/keys', { token: s.fixture.tokens.owner, body: { name: 'member no lists', roleId: 'member', scopes: ['files:write'] } });
  t.is(made.status, 201, JSON.stringify(made.body));
  assertError(t, await upload(s, made.body.token, 'a'), 403, 'upload_no_address');
  const events = (await eventsOf(s)).filter((e) => e.type === 'file.uploaded');
  // Same instant on the fake clock: compare as a set.
  t.deepEqual(events.map((e) => `${e.address} ${(e.data as { to: string }).to}`).sort(), [
    ...Array(3).fill('hello@acme.test hello@acme.test'), 'sales@acme.test sales@acme.test',
  ]);
});

serverTest('scopes: files:read and files:write', async (t, s) => {
  const readOnly = s.fixture.tokens.readOnly;
  assertError(t, await upload(s, readOnly, 'a'), 403, 'insufficient_scope');
  assertError(t, await s.call('GET', '/files', { token: readOnly }), 403, 'insufficient_scope');
  assertError(t, await s.call('GET', '/files/stats', { token: readOnly }), 403, 'insufficient_scope');
  const made = await s.call('POST', '/keys', { token: s.fixture.tokens.owner, body: { name: 'reader', scopes: ['files:read'] } });
  const reader = made.body.token;
  t.is((await s.call('GET', '/files', { token: reader })).status, 200);
  assertError(t, await upload(s, reader, 'a'), 403, 'insufficient_scope');
  assertError(t, await s.call('POST', '/files/batch-delete', { token: reader, body: { ids: ['file_x'] } }), 403, 'insufficient_scope');
});

serverTest('get and content: 404 for unknown, malformed, other workspace, out of reach and deleted', async (t, s) => {
  const { owner, narrowed, other } = s.fixture.tokens;
  const wide = (await upload(s, owner, 'workspace-wide')).body;
  const mine = (await upload(s, narrowed, 'narrowed')).body;
  for (const path of [`/files/${wide.id}`, `/files/${wide.id}/content`]) {
    assertError(t, await s.call('GET', path, { token: narrowed }), 404, 'resource_not_found', 'id');
    assertError(t, await s.call('GET', path, { token: other }), 404, 'resource_not_found', 'id');
  }
  t.is((await s.call('GET', `/files/${mine.id}`, { token: narrowed })).status, 200);
  t.is((await s.call('GET', `/files/${mine.id}/content`, { token: owner })).body, 'narrowed');
  for (const id of ['file_000000000000000000000000', 'nope', 'file_' + 'A'.repeat(24)]) {
    assertError(t, await s.call('GET', `/files/${id}`, { token: owner }), 404, 'resource_not_found', 'id');
  }
  t.is((await s.call('DELETE', `/files/${wide.id}`, { token: owner })).status, 200);
  assertError(t, await s.call('GET', `/files/${wide.id}`, { token: owner }), 404, 'resource_not_found');
  assertError(t, await s.call('GET', `/files/${wide.id}/content`, { token: owner }), 404, 'resource_not_found');
});
