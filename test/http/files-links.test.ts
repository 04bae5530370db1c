import { assertError, serverTest, type TestServer } from '../support/server.ts';
import { seed, seededFile, upload } from './files-kit.ts';

const LINK = /^shr_[0-9a-f]{24}$/;
const fetchLink = (s: TestServer, url: string) => fetch(new URL(url, s.url));

serverTest('links: each create makes a new unguessable link; anybody with the URL downloads; list shows them', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  const f = (await upload(s, owner, 'shared bytes', { filename: 'plan "final".txt' })).body;
  const a = await s.call('POST', `/files/${f.id}/links`, { token: owner });
  t.is(a.status, 201, JSON.stringify(a.body));
  const b = (await s.call('POST', `/files/${f.id}/links`, { token: owner })).body;
  t.regex(a.body.id, LINK);
  t.not(a.body.id, b.id);
  t.not(a.body.url, b.url);
  t.deepEqual({ ...a.body, id: 'x', url: 'u' }, { id: 'x', object: 'file_link', fileId: f.id, url: 'u', createdAt: '2026-11-22T10:00:00.000Z', revokedAt: null });
  t.true(a.body.url.startsWith(s.url.replace(/\/v1$/, '') + '/v1/public/files/'), a.body.url);
  t.regex(a.body.url, /\/v1\/public\/files\/[A-Za-z0-9_-]{43}$/);
  const res = await fetchLink(s, a.body.url);
  t.is(res.status, 200);
  t.is(await res.text(), 'shared bytes');
  t.regex(res.headers.get('content-type')!, /^text\/plain/);
  t.is(res.headers.get('content-disposition'), `attachment; filename="plan _final_.txt"; filename*=UTF-8''plan%20_final_.txt`);
  t.is(res.headers.get('x-content-type-options'), 'nosniff');
  const listed = await s.call('GET', `/files/${f.id}/links`, { token: owner });
  t.deepEqual(listed.body.map((l: { id: string }) => l.id).sort(), [a.body.id, b.id].sort());
  t.false(JSON.stringify(listed.body).includes(a.body.url.split('/').pop()), 'the token is never shown again');
  t.is((await fetchLink(s, a.body.url.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A')))).status, 404);
  t.is((await fetchLink(s, '/v1/public/files/short')).status, 404);
});

serverTest('links: revoking one is permanent and idempotent; revoke-all counts; deleting the file ends every link', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  const f = (await upload(s, owner, 'x')).body;
  const [a, b, c] = await Promise.all([1, 2, 3].map(async () => (await s.call('POST', `/files/${f.id}/links`, { token: owner })).body));
  s.clock.advance(1000);
  const revoked = await s.call('DELETE', `/files/${f.id}/links/${a.id}`, { token: owner });
  t.is(revoked.status, 200);
  t.is(revoked.body.revokedAt, '2026-11-22T10:00:01.000Z');
  s.clock.advance(1000);
  t.is((await s.call('DELETE', `/files/${f.id}/links/${a.id}`, { token: owner })).body.revokedAt, '2026-11-22T10:00:01.000Z');
  t.is((await fetchLink(s, a.url)).status, 404);
  t.is((await fetchLink(s, b.url)).status, 200);
  assertError(t, await s.call('DELETE', `/files/${f.id}/links/shr_000000000000000000000000`, { token: owner }), 404, 'resource_not_found', 'linkId');
  t.deepEqual((await s.call('DELETE', `/files/${f.id}/links`, { token: owner })).body, { revoked: 2 });
  t.deepEqual((await s.call('DELETE', `/files/${f.id}/links`, { token: owner })).body, { revoked: 0 });
  for (const l of [b, c]) t.is((await fetchLink(s, l.url)).status, 404);
  const listed = (await s.call('GET', `/files/${f.id}/links`, { token: owner })).body;
  t.true(listed.every((l: { revokedAt: string | null }) => l.revokedAt !== null));

  const g = (await upload(s, owner, 'y')).body;
  const link = (await s.call('POST', `/files/${g.id}/links`, { token: owner })).body;
  t.is((await fetchLink(s, link.url)).status, 200);
  await s.call('DELETE', `/files/${g.id}`, { token: owner });
  const gone = await fetchLink(s, link.url);
  t.is(gone.status, 404);
  t.is((await gone.json()).error.code, 'resource_not_found');
});

serverTest('links: programs and scripts are 422 file_unshareable; out of reach is 404; scopes', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  const program = seededFile(s, { filename: 'tool.exe', direction: 'inbound', deliveredTo: 'hello@acme.test' });
  const script = seededFile(s, { filename: 'run.txt', mimeType: 'application/x-sh', direction: 'inbound', deliveredTo: 'hello@acme.test' });
  await seed(s, [program, script]);
  for (const f of [program, script]) assertError(t, await s.call('POST', `/files/${f.id}/links`, { token: owner }), 422, 'file_unshareable', 'id');
  const wide = (await upload(s, owner, 'x')).body;
  for (const [method, path] of [['POST', `/files/${wide.id}/links`], ['GET', `/files/${wide.id}/links`], ['DELETE', `/files/${wide.id}/links`]]) {
    assertError(t, await s.call(method!, path!, { token: s.fixture.tokens.narrowed }), 404, 'resource_not_found');
    assertError(t, await s.call(method!, path!, { token: s.fixture.tokens.other }), 404, 'resource_not_found');
  }
  const link = (await s.call('POST', `/files/${wide.id}/links`, { token: owner })).body;
  assertError(t, await s.call('DELETE', `/files/${wide.id}/links/${link.id}`, { token: s.fixture.tokens.other }), 404, 'resource_not_found');
  const reader = (await s.call('POST', '/keys', { token: owner, body: { name: 'reader', scopes: ['files:read'] } })).body.token;
  assertError(t, await s.call('POST', `/files/${wide.id}/links`, { token: reader }), 403, 'insufficient_scope');
  assertError(t, await s.call('DELETE', `/files/${wide.id}/links/${link.id}`, { token: reader }), 403, 'insufficient_scope');
  t.is((await s.call('GET', `/files/${wide.id}/links`, { token: reader })).status, 200);
});
