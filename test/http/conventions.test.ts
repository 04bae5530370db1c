import test from 'ava';
import { compileErrors, validate } from '@readme/openapi-parser';
import { assertError, serverTest, startTestServer } from '../support/server.ts';

serverTest('every response carries X-Request-Id req_<id>, errors repeat it', async (t, s) => {
  const ok = await s.call('GET', '/ping', { token: s.fixture.tokens.owner });
  t.is(ok.status, 200);
  t.deepEqual(ok.body, { ok: true });
  t.regex(ok.headers.get('x-request-id') ?? '', /^req_[0-9a-f]{24}$/);
  const missing = await s.call('GET', '/ping');
  assertError(t, missing, 401, 'missing_api_key', null);
  t.deepEqual(Object.keys(missing.body.error).sort(), ['code', 'docUrl', 'message', 'param', 'requestId', 'type']);
  t.is(missing.body.error.type, 'authentication_error');
  t.not(ok.headers.get('x-request-id'), missing.headers.get('x-request-id'));
});

serverTest('unknown path is 404 resource_not_found; wrong method is 405 method_not_allowed', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const nf = await s.call('GET', '/no-such-thing', { token });
  assertError(t, nf, 404, 'resource_not_found');
  t.is(nf.body.error.type, 'not_found_error');
  const wrong = await s.call('PUT', '/keys', { token, body: {} });
  assertError(t, wrong, 405, 'method_not_allowed');
  t.is(wrong.body.error.type, 'invalid_request_error');
  t.regex(wrong.headers.get('allow') ?? '', /GET/);
  const outside = await fetch(s.url.replace(/\/v1$/, '/nothing-here'));
  t.is(outside.status, 404);
  t.is(((await outside.json()) as any).error.code, 'resource_not_found');
  assertError(t, await s.call('GET', '/nothing-here'), 401, 'missing_api_key', null);
});

serverTest('request bodies: malformed JSON, unknown keys, wrong types with dotted params', async (t, s) => {
  const token = s.fixture.tokens.owner;
  assertError(t, await s.call('POST', '/keys', { token, body: '{"name": "oops' }), 400, 'malformed_json');
  assertError(t, await s.call('POST', '/keys', { token, body: { name: 'x', colour: 'red' } }), 422, 'unknown_parameter', 'colour');
  assertError(t, await s.call('POST', '/keys', { token, body: { name: 'x', scopes: ['keys:read', 7] } }), 422, 'invalid_parameter', 'scopes.1');
  assertError(t, await s.call('POST', '/keys', { token, body: { scopes: ['keys:read'] } }), 422, 'invalid_parameter', 'name');
  assertError(t, await s.call('POST', '/keys', { token, body: { name: 'x', scopes: ['keys:read', 'nope:nope'] } }), 422, 'invalid_parameter', 'scopes.1');
  const list = await s.call('GET', '/keys', { token });
  t.is(list.body.items.length, 9, 'nothing was written by the refused creates');
});

serverTest('limit outside 1..100 or not an integer is 422 invalid_parameter on limit', async (t, s) => {
  const token = s.fixture.tokens.owner;
  for (const limit of ['0', '101', 'abc', '2.5', '-1']) {
    assertError(t, await s.call('GET', `/keys?limit=${limit}`, { token }), 422, 'invalid_parameter', 'limit');
  }
  t.is((await s.call('GET', '/keys?limit=100', { token })).status, 200);
  t.is((await s.call('GET', '/keys', { token })).body.items.length, 9);
});

serverTest('a cursor the list did not hand out is 400 invalid_cursor', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const page = await s.call('GET', '/keys?limit=2', { token });
  t.true(page.body.hasMore);
  const cursor: string = page.body.nextCursor;
  t.is((await s.call('GET', `/keys?limit=2&cursor=${encodeURIComponent(cursor)}`, { token })).status, 200);
  const [body, sig] = cursor.split('.');
  const forged = `${Buffer.from(JSON.stringify({ l: 'keys', p: ['2000-01-01T00:00:00.000Z', 'f'.repeat(24)] })).toString('base64url')}.${sig}`;
  for (const bad of ['garbage', `${body}.AAAA`, forged, `${body}x.${sig}`]) {
    assertError(t, await s.call('GET', `/keys?cursor=${encodeURIComponent(bad)}`, { token }), 400, 'invalid_cursor', 'cursor');
  }
  // A cursor of another list is refused too.
  const addresses = await s.call('GET', '/addresses?limit=1', { token });
  assertError(t, await s.call('GET', `/keys?cursor=${encodeURIComponent(addresses.body.nextCursor)}`, { token }), 400, 'invalid_cursor');
});

test.serial('GET /v1/openapi.json is a valid OpenAPI 3.1 document of every route, without a credential', async (t) => {
  const s = await startTestServer('sqlite');
  try {
    const res = await s.call('GET', '/openapi.json');
    t.is(res.status, 200);
    t.true(String(res.body.openapi).startsWith('3.1'));
    const result = await validate(structuredClone(res.body));
    t.true(result.valid, result.valid ? '' : compileErrors(result));
    t.is(result.specification, 'OpenAPI');
    t.truthy(res.body.paths['/keys'].post.requestBody);
    t.truthy(res.body.paths['/keys/{id}/rotate'].post);
    t.truthy(res.body.paths['/addresses'].get);
    t.truthy(res.body.paths['/security/step-up/verify'].post);
    const health = await fetch(s.url.replace(/\/v1$/, '/healthz'));
    t.deepEqual(await health.json(), { ok: true });
  } finally {
    await s.stop();
  }
});

test.serial('an unexpected exception is 500 internal_error with the request id, never a stack trace', async (t) => {
  const s = await startTestServer('sqlite');
  try {
    s.service.keys.list.execute = async () => { throw new Error('database exploded at /secret/path'); };
    const res = await s.call('GET', '/keys', { token: s.fixture.tokens.owner });
    assertError(t, res, 500, 'internal_error', null);
    t.is(res.body.error.type, 'api_error');
    t.false(JSON.stringify(res.body).includes('exploded'));
    t.false(JSON.stringify(res.body).includes('/secret/path'));
  } finally {
    await s.stop();
  }
});
