import { assertError, serverTest } from '../support/server.ts';
import { blobFiles, eventsOf, seed, seededFile, setUsage, upload } from './files-kit.ts';

const live = (s: Parameters<typeof blobFiles>[0]) => blobFiles(s).filter((f) => !f.startsWith('tmp/'));

serverTest('delete: answers {object, id, deleted}; bytes removed, row gone from reads, file.deleted recorded', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  const f = (await upload(s, s.fixture.tokens.narrowed, 'bytes')).body;
  t.is(live(s).length, 1);
  s.clock.advance(60_000);
  const res = await s.call('DELETE', `/files/${f.id}`, { token: owner });
  t.is(res.status, 200);
  t.deepEqual(res.body, { object: 'file', id: f.id, deleted: true });
  t.deepEqual(live(s), []);
  assertError(t, await s.call('DELETE', `/files/${f.id}`, { token: owner }), 404, 'resource_not_found', 'id');
  t.deepEqual((await s.call('GET', '/files', { token: owner })).body.items, []);
  const deleted = (await eventsOf(s)).filter((e) => e.type === 'file.deleted');
  t.is(deleted.length, 1);
  t.is(deleted[0]!.address, 'hello@acme.test');
  t.deepEqual(deleted[0]!.data, {
    fileId: f.id, filename: f.filename, mimeType: f.mimeType, sizeBytes: 5, direction: 'uploaded', to: 'hello@acme.test',
    threadId: null, messageId: null, deletedAt: '2026-11-22T10:01:00.000Z',
  });
});

serverTest('delete: 409 file_in_use while linked, scheduled, received or sent; a sent upload can be deleted', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  const up = async () => (await upload(s, owner, 'x')).body.id as string;
  for (const usage of ['linked', 'scheduled'] as const) {
    const id = await up();
    await setUsage(s, id, usage);
    t.false((await s.call('GET', `/files/${id}`, { token: owner })).body.deletable);
    assertError(t, await s.call('DELETE', `/files/${id}`, { token: owner }), 409, 'file_in_use', 'id');
    t.is((await s.call('GET', `/files/${id}`, { token: owner })).status, 200);
  }
  const inbound = seededFile(s, { direction: 'inbound', usage: 'received', deliveredTo: 'hello@acme.test' });
  const outbound = seededFile(s, { direction: 'outbound', usage: 'sent', deliveredTo: 'hello@acme.test' });
  await seed(s, [inbound, outbound]);
  for (const f of [inbound, outbound]) assertError(t, await s.call('DELETE', `/files/${f.id}`, { token: owner }), 409, 'file_in_use', 'id');
  const sent = await up();
  await setUsage(s, sent, 'sent');
  t.true((await s.call('GET', `/files/${sent}`, { token: owner })).body.deletable);
  t.is((await s.call('DELETE', `/files/${sent}`, { token: owner })).status, 200);
  t.deepEqual((await eventsOf(s)).filter((e) => e.type === 'file.deleted').map((e) => (e.data as { fileId: string }).fileId), [sent]);
});

serverTest('delete: out of reach and other workspace are 404 and change nothing', async (t, s) => {
  const f = (await upload(s, s.fixture.tokens.owner, 'x')).body;
  assertError(t, await s.call('DELETE', `/files/${f.id}`, { token: s.fixture.tokens.narrowed }), 404, 'resource_not_found');
  assertError(t, await s.call('DELETE', `/files/${f.id}`, { token: s.fixture.tokens.other }), 404, 'resource_not_found');
  t.is((await s.call('GET', `/files/${f.id}`, { token: s.fixture.tokens.owner })).status, 200);
  t.is(live(s).length, 1);
});

serverTest('batch delete: deleted, kept with usage and reason, missing; repeats once; one event each', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  const a = (await upload(s, owner, 'a')).body.id;
  const b = (await upload(s, owner, 'b')).body.id;
  const linked = (await upload(s, owner, 'c')).body.id;
  const gone = (await upload(s, owner, 'd')).body.id;
  const foreign = (await upload(s, s.fixture.tokens.other, 'e')).body.id;
  await setUsage(s, linked, 'linked');
  await s.call('DELETE', `/files/${gone}`, { token: owner });
  const res = await s.call('POST', '/files/batch-delete', { token: owner, body: { ids: [a, b, a, linked, gone, foreign, 'nonsense'] } });
  t.is(res.status, 200, JSON.stringify(res.body));
  t.deepEqual(res.body.deleted, [a, b]);
  t.is(res.body.kept.length, 1);
  t.is(res.body.kept[0].id, linked);
  t.is(res.body.kept[0].usage, 'linked');
  t.is(typeof res.body.kept[0].reason, 'string');
  t.deepEqual(res.body.missing, [gone, foreign, 'nonsense']);
  t.deepEqual(Object.keys(res.body).sort(), ['deleted', 'kept', 'missing']);
  t.is(live(s).length, 2); // the linked file and the other workspace's
  const deleted = (await eventsOf(s)).filter((e) => e.type === 'file.deleted').map((e) => (e.data as { fileId: string }).fileId);
  t.deepEqual(deleted.sort(), [a, b, gone].sort());
  t.is((await s.call('GET', `/files/${foreign}`, { token: s.fixture.tokens.other })).status, 200);
});

serverTest('batch delete: narrowed callers delete only what they reach', async (t, s) => {
  const wide = (await upload(s, s.fixture.tokens.owner, 'a')).body.id;
  const mine = (await upload(s, s.fixture.tokens.narrowed, 'b')).body.id;
  const res = await s.call('POST', '/files/batch-delete', { token: s.fixture.tokens.narrowed, body: { ids: [wide, mine] } });
  t.deepEqual(res.body, { deleted: [mine], kept: [], missing: [wide] });
});

serverTest('batch delete validation: ids 1..100 strings of at most 128; unknown keys; non-JSON', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  const bad = async (body: unknown, status: number, code: string, param?: string | null) =>
    assertError(t, await s.call('POST', '/files/batch-delete', { token: owner, body }), status, code, param);
  await bad({}, 422, 'invalid_parameter', 'ids');
  await bad({ ids: [] }, 422, 'invalid_parameter', 'ids');
  await bad({ ids: 'file_x' }, 422, 'invalid_parameter', 'ids');
  await bad({ ids: Array.from({ length: 101 }, (_, i) => `file_${i}`) }, 422, 'invalid_parameter', 'ids');
  await bad({ ids: ['ok', 'x'.repeat(129)] }, 422, 'invalid_parameter', 'ids.1');
  await bad({ ids: ['ok', ''] }, 422, 'invalid_parameter', 'ids.1');
  await bad({ ids: ['ok', 7] }, 422, 'invalid_parameter', 'ids.1');
  await bad({ ids: ['ok'], force: true }, 422, 'unknown_parameter', 'force');
  await bad('{not json', 400, 'malformed_json');
  const hundred = await s.call('POST', '/files/batch-delete', { token: owner, body: { ids: Array.from({ length: 100 }, (_, i) => `x${i}`.padEnd(128, 'y')) } });
  t.is(hundred.status, 200);
  t.is(hundred.body.missing.length, 100);
});

serverTest('batch delete: the rule is checked at deletion time', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  const id = (await upload(s, owner, 'a')).body.id;
  t.true((await s.call('GET', `/files/${id}`, { token: owner })).body.deletable);
  await setUsage(s, id, 'scheduled');
  const res = await s.call('POST', '/files/batch-delete', { token: owner, body: { ids: [id] } });
  t.deepEqual(res.body.deleted, []);
  t.is(res.body.kept[0].usage, 'scheduled');
  t.is(live(s).length, 1);
});
