import { assertError, serverTest } from '../support/server.ts';

serverTest('request log per key and workspace-wide: newest first, since/until/status filters, paging', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  const k = (await s.call('POST', '/keys', { token: owner, body: { name: 'logged', scopes: ['keys:read'] } })).body;
  await s.call('GET', '/ping', { token: k.token });
  s.clock.advance(60_000);
  await s.call('GET', '/keys/nope', { token: k.token });
  s.clock.advance(60_000);
  await s.call('POST', '/keys', { token: k.token, body: { name: 'x' } });
  const log = await s.call('GET', `/keys/${k.id}/requests`, { token: owner });
  t.is(log.status, 200);
  t.deepEqual(log.body.items.map((r: any) => [r.method, r.path, r.status]), [
    ['POST', '/v1/keys', 403], ['GET', '/v1/keys/nope', 404], ['GET', '/v1/ping', 200],
  ]);
  const item = log.body.items[2];
  t.is(item.keyId, k.id);
  t.regex(item.requestId, /^req_/);
  t.is(item.ipAddress.replace('::ffff:', ''), '127.0.0.1');
  t.is(typeof item.durationMs, 'number');
  t.is(item.createdAt, '2026-11-22T10:00:00.000Z');
  const errors = await s.call('GET', `/keys/${k.id}/requests?status=4xx`, { token: owner });
  t.is(errors.body.items.length, 2);
  const exact = await s.call('GET', `/keys/${k.id}/requests?status=404`, { token: owner });
  t.deepEqual(exact.body.items.map((r: any) => r.path), ['/v1/keys/nope']);
  const windowed = await s.call('GET', `/keys/${k.id}/requests?since=2026-11-22T10:01:00Z&until=2026-11-22T10:02:00Z`, { token: owner });
  t.deepEqual(windowed.body.items.map((r: any) => r.path), ['/v1/keys/nope']);
  const p1 = await s.call('GET', `/keys/${k.id}/requests?limit=2`, { token: owner });
  const p2 = await s.call('GET', `/keys/${k.id}/requests?limit=2&cursor=${encodeURIComponent(p1.body.nextCursor)}`, { token: owner });
  t.deepEqual([...p1.body.items, ...p2.body.items].map((r: any) => r.id), log.body.items.map((r: any) => r.id));
  t.false(p2.body.hasMore);
  const self = await s.call('GET', '/keys/self/requests', { token: k.token });
  t.is(self.body.items[0].path, '/v1/keys', 'the log holds the calls before this one');
  const all = await s.call('GET', '/keys/requests?limit=100', { token: owner });
  t.true(all.body.items.some((r: any) => r.keyId === s.fixture.keys.owner!.id));
  t.true(all.body.items.some((r: any) => r.keyId === k.id));
  assertError(t, await s.call('GET', '/keys/requests?status=abc', { token: owner }), 422, 'invalid_parameter', 'status');
  assertError(t, await s.call('GET', '/keys/requests?since=yesterday', { token: owner }), 422, 'invalid_parameter', 'since');
  assertError(t, await s.call('GET', `/keys/${s.fixture.keys.other!.id}/requests`, { token: owner }), 404, 'resource_not_found');
});

serverTest('activity log: every change with its source and actor; survives deletion', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  const k = (await s.call('POST', '/keys', { token: owner, body: { name: 'a' } })).body;
  const steps: Array<[string, string, object?]> = [
    ['PATCH', '', { enabled: false }], ['PATCH', '', { enabled: true }], ['PATCH', '', { name: 'b' }],
    ['POST', '/rotate'], ['POST', '/revoke', {}],
  ];
  for (const [method, suffix, body] of steps) {
    s.clock.advance(1_000); // entries in the same millisecond have no order of their own
    t.is((await s.call(method, `/keys/${k.id}${suffix}`, { token: owner, body })).status, 200);
  }
  const activity = await s.call('GET', `/keys/${k.id}/activity`, { token: owner });
  t.deepEqual(activity.body.items.map((a: any) => a.type), ['revoked', 'rotated', 'updated', 'enabled', 'disabled', 'created']);
  const created = activity.body.items.at(-1);
  t.is(created.source, 'api');
  t.deepEqual(created.actor, { type: 'api_key', id: s.fixture.keys.owner!.id });
  s.clock.advance(1_000);
  await s.call('DELETE', `/keys/${k.id}`, { token: owner });
  const all = await s.call('GET', '/keys/activity?limit=100', { token: owner });
  t.deepEqual(all.body.items.filter((a: any) => a.keyId === k.id).map((a: any) => a.type)[0], 'deleted');
  const fixtures = all.body.items.filter((a: any) => a.source === 'fixture');
  t.is(fixtures.length, 9);
  const createdOnly = await s.call('GET', '/keys/activity?type=created&limit=100', { token: owner });
  t.true(createdOnly.body.items.every((a: any) => a.type === 'created'));
  assertError(t, await s.call('GET', '/keys/activity?type=exploded', { token: owner }), 422, 'invalid_parameter', 'type');
});

serverTest('stats: key counts by status and request volume; self stats', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  await s.call('GET', '/ping', { token: owner });
  await s.call('GET', '/nope', { token: owner });
  const stats = await s.call('GET', '/keys/stats', { token: owner });
  t.is(stats.status, 200);
  t.deepEqual(stats.body.keys, { total: 9, active: 8, disabled: 0, expired: 1, revoked: 0 });
  t.is(stats.body.requests.last24Hours, 2);
  t.is(stats.body.requests.errorsLast24Hours, 1);
  assertError(t, await s.call('GET', '/keys/stats', { token: s.fixture.tokens.readOnly }), 403, 'insufficient_scope');
  const self = await s.call('GET', '/keys/self/stats', { token: owner });
  t.is(self.body.keyId, s.fixture.keys.owner!.id);
  t.is(self.body.totalUses, 3, 'ping, the 404 and the stats read');
  s.clock.advance(25 * 3_600_000);
  t.is((await s.call('GET', '/keys/self/stats', { token: owner })).body.requests.last24Hours, 0);
});

serverTest('a walk over a list stays correct when rows are added or deleted between pages', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  const made: string[] = [];
  for (let i = 0; i < 6; i++) {
    s.clock.advance(1_000);
    made.push((await s.call('POST', '/keys', { token: owner, body: { name: `w${i}` } })).body.id);
  }
  const p1 = await s.call('GET', '/keys?limit=3', { token: owner });
  t.deepEqual(p1.body.items.map((k: any) => k.id), [made[5], made[4], made[3]]);
  // Between pages: a newer key appears, the next unseen one is deleted.
  s.clock.advance(1_000);
  await s.call('POST', '/keys', { token: owner, body: { name: 'late' } });
  await s.call('DELETE', `/keys/${made[2]}`, { token: owner });
  const p2 = await s.call('GET', `/keys?limit=3&cursor=${encodeURIComponent(p1.body.nextCursor)}`, { token: owner });
  t.deepEqual(p2.body.items.map((k: any) => k.id), [made[1], made[0], p2.body.items[2].id]);
  t.false([made[5], made[4], made[3], made[2]].includes(p2.body.items[2].id));
});
