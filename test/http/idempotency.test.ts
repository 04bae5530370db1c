import { assertError, serverTest } from '../support/server.ts';

serverTest('Idempotency-Key: the same POST returns the first response; a different body is refused', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const headers = { 'Idempotency-Key': 'create-ci-key-1' };
  const first = await s.call('POST', '/keys', { token, headers, body: { name: 'ci' } });
  t.is(first.status, 201);
  const again = await s.call('POST', '/keys', { token, headers, body: { name: 'ci' } });
  t.is(again.status, 201);
  t.deepEqual(again.body, first.body, 'same status and body, token included');
  const list = await s.call('GET', '/keys?limit=100', { token });
  t.is(list.body.items.filter((k: any) => k.name === 'ci').length, 1, 'only one key was made');
  assertError(t, await s.call('POST', '/keys', { token, headers, body: { name: 'other' } }), 422, 'idempotency_key_reuse');
  // Another credential has its own key space.
  const otherCaller = await s.call('POST', '/keys', { token: s.fixture.tokens.domainKey, headers, body: { name: 'ci' } });
  t.is(otherCaller.status, 201);
  t.not(otherCaller.body.id, first.body.id);
});

serverTest('Idempotency-Key: refusals replay too; malformed keys are 400; 24 hours later it runs anew', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const bad = await s.call('POST', '/keys', { token, headers: { 'Idempotency-Key': 'k2' }, body: { name: '' } });
  assertError(t, bad, 422, 'invalid_parameter', 'name');
  const replay = await s.call('POST', '/keys', { token, headers: { 'Idempotency-Key': 'k2' }, body: { name: '' } });
  t.deepEqual(replay.body, bad.body);
  assertError(t, await s.call('POST', '/keys', { token, headers: { 'Idempotency-Key': 'x'.repeat(256) }, body: { name: 'a' } }), 400, 'invalid_idempotency_key');
  assertError(t, await s.call('POST', '/keys', { token, headers: { 'Idempotency-Key': 'tab\there' }, body: { name: 'a' } }), 400, 'invalid_idempotency_key');
  const first = await s.call('POST', '/keys', { token, headers: { 'Idempotency-Key': 'day' }, body: { name: 'daily' } });
  s.clock.advance(24 * 3_600_000 + 1);
  const later = await s.call('POST', '/keys', { token, headers: { 'Idempotency-Key': 'day' }, body: { name: 'daily' } });
  t.is(later.status, 201);
  t.not(later.body.id, first.body.id);
  const replayOfLater = await s.call('POST', '/keys', { token, headers: { 'Idempotency-Key': 'day' }, body: { name: 'daily' } });
  t.deepEqual(replayOfLater.body, later.body, 'the new response is the one kept for the next 24 hours');
});
