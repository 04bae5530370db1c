import { assertError, serverTest } from '../support/server.ts';

const TOKEN = /^wm_live_([0-9a-f]{24})_[A-Za-z0-9_-]{43}$/;

serverTest('create: 201 with every field and the token once; reads never show it', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  const made = await s.call('POST', '/keys', { token: owner, body: { name: '  CI deploys  ', scopes: ['keys:read', 'emails:send'], expiresInMinutes: 60 } });
  t.is(made.status, 201);
  const k = made.body;
  t.regex(k.token, TOKEN);
  t.is(TOKEN.exec(k.token)![1], k.id);
  t.is(k.name, 'CI deploys');
  t.is(k.mode, 'live');
  t.is(k.status, 'active');
  t.deepEqual(k.scopes, ['keys:read', 'emails:send']);
  t.is(k.keyLast4, k.token.slice(-4));
  t.true(k.maskedKey.startsWith(`wm_live_${k.id}_`) && k.maskedKey.endsWith(k.keyLast4) && !k.maskedKey.includes(k.token.slice(-10)));
  t.is(k.expiresAt, '2026-11-22T11:00:00.000Z');
  t.is(k.totalUses, 0);
  t.is(k.lastUsedAt, null);
  t.is(k.rotationCount, 0);
  t.is(k.lastChangeType, 'created');
  t.deepEqual(k.createdBy, { type: 'api_key', id: s.fixture.keys.owner!.id });
  for (const field of ['roleId', 'roleName', 'rotatedAt', 'deactivatedAt', 'revokedAt', 'revokedReason']) t.is(k[field], null, field);
  const read = await s.call('GET', `/keys/${k.id}`, { token: owner });
  t.is(read.body.token, undefined);
  const secret = k.token.slice('wm_live_'.length + 24 + 1); // base64url may itself hold `_`
  t.is(secret.length, 43);
  t.false(JSON.stringify(read.body).includes(secret.slice(0, 20)));
  const { token: _token, ...rest } = k;
  t.deepEqual(read.body, rest);
  t.is((await s.call('GET', '/ping', { token: k.token })).status, 200);
});

serverTest('create defaults: emails:send, the caller\'s role, send scope and expiry', async (t, s) => {
  const plain = await s.call('POST', '/keys', { token: s.fixture.tokens.owner, body: { name: 'default' } });
  t.deepEqual(plain.body.scopes, ['emails:send']);
  t.deepEqual([plain.body.addressAllowlist, plain.body.domainAllowlist, plain.body.roleId, plain.body.expiresAt], [[], [], null, null]);
  const inherited = await s.call('POST', '/keys', { token: s.fixture.tokens.domainKey, body: { name: 'child' } });
  t.is(inherited.status, 201, JSON.stringify(inherited.body));
  t.deepEqual(inherited.body.domainAllowlist, ['acme.test']);
  t.is(inherited.body.expiresAt, '2099-01-01T00:00:00.000Z');
  const own = await s.call('POST', '/keys', { token: s.fixture.tokens.domainKey, body: { name: 'one address', addressAllowlist: ['HELLO@acme.test '] } });
  t.deepEqual([own.body.addressAllowlist, own.body.domainAllowlist], [['hello@acme.test'], []]);
});

serverTest('create validation: name, scopes, allowlists, expiry bounds', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const bad = async (body: object, param: string) => assertError(t, await s.call('POST', '/keys', { token, body }), 422, 'invalid_parameter', param);
  await bad({ name: '' }, 'name');
  await bad({ name: '   ' }, 'name');
  await bad({ name: 'x'.repeat(61) }, 'name');
  await bad({ name: 'x', scopes: [] }, 'scopes');
  await bad({ name: 'x', expiresInMinutes: 4 }, 'expiresInMinutes');
  await bad({ name: 'x', expiresInMinutes: 5_256_001 }, 'expiresInMinutes');
  await bad({ name: 'x', addressAllowlist: ['hello@acme.test', 'nobody@acme.test'] }, 'addressAllowlist.1');
  await bad({ name: 'x', addressAllowlist: ['hi@other.test'] }, 'addressAllowlist.0');
  await bad({ name: 'x', domainAllowlist: ['other.test'] }, 'domainAllowlist.0');
  await bad({ name: 'x', addressAllowlist: Array.from({ length: 51 }, (_, i) => `a${i}@acme.test`) }, 'addressAllowlist');
  await bad({ name: 'x', roleId: 'emperor' }, 'roleId');
  t.is((await s.call('POST', '/keys', { token, body: { name: 'x'.repeat(60), expiresInMinutes: 5 } })).status, 201);
  t.is((await s.call('POST', '/keys', { token, body: { name: 'y', expiresInMinutes: 5_256_000 } })).status, 201);
});

serverTest('never wider: each axis refused with 403 beyond_caller_authority naming it', async (t, s) => {
  const { tokens } = s.fixture;
  const beyond = async (token: string, body: object, param: string) =>
    assertError(t, await s.call('POST', '/keys', { token, body }), 403, 'beyond_caller_authority', param);
  const limited = (await s.call('POST', '/keys', { token: tokens.owner, body: { name: 'limited', scopes: ['keys:manage', 'keys:read'], expiresInMinutes: 600, roleId: 'admin' } })).body;
  await beyond(limited.token, { name: 'x', scopes: ['emails:send'] }, 'scopes');
  await beyond(limited.token, { name: 'x', scopes: ['keys:read'], roleId: null }, 'roleId');
  await beyond(limited.token, { name: 'x', scopes: ['keys:read'], roleId: 'member' }, 'roleId');
  await beyond(limited.token, { name: 'x', scopes: ['keys:read'], expiresInMinutes: 601 }, 'expiresInMinutes');
  const ok = await s.call('POST', '/keys', { token: limited.token, body: { name: 'x', scopes: ['keys:read'], expiresInMinutes: 599 } });
  t.is(ok.status, 201, JSON.stringify(ok.body));
  t.is(ok.body.roleId, 'admin');
  t.is(ok.body.roleName, 'Admin');
  // Send scope: one address never covers its domain; narrowed callers cannot mint unrestricted keys.
  await beyond(tokens.narrowed, { name: 'x', domainAllowlist: ['acme.test'] }, 'domainAllowlist');
  await beyond(tokens.narrowed, { name: 'x', addressAllowlist: ['sales@acme.test'] }, 'addressAllowlist');
  await beyond(tokens.narrowed, { name: 'x', addressAllowlist: [], domainAllowlist: [] }, 'addressAllowlist');
  t.is((await s.call('POST', '/keys', { token: tokens.domainKey, body: { name: 'x', addressAllowlist: ['sales@acme.test'] } })).status, 201);
  // The same rule on PATCH.
  const child = (await s.call('POST', '/keys', { token: tokens.narrowed, body: { name: 'child', scopes: ['emails:send'] } })).body;
  assertError(t, await s.call('PATCH', `/keys/${child.id}`, { token: tokens.narrowed, body: { addressAllowlist: ['sales@acme.test'] } }), 403, 'beyond_caller_authority', 'addressAllowlist');
  assertError(t, await s.call('PATCH', `/keys/${ok.body.id}`, { token: limited.token, body: { scopes: ['keys:read', 'webhooks:write'] } }), 403, 'beyond_caller_authority', 'scopes');
  const unchanged = await s.call('GET', `/keys/${ok.body.id}`, { token: tokens.owner });
  t.deepEqual(unchanged.body.scopes, ['keys:read']);
});

serverTest('20 active keys per workspace: 422 workspace_limit_reached; revoked ones do not count', async (t, s) => {
  const token = s.fixture.tokens.owner;
  // The fixture holds 9 keys, one of them expired: 8 count.
  const made: string[] = [];
  for (let i = 0; i < 12; i++) {
    const res = await s.call('POST', '/keys', { token, body: { name: `k${i}` } });
    t.is(res.status, 201, `key ${i}: ${JSON.stringify(res.body)}`);
    made.push(res.body.id);
  }
  assertError(t, await s.call('POST', '/keys', { token, body: { name: 'one too many' } }), 422, 'workspace_limit_reached');
  await s.call('POST', `/keys/${made[0]}/revoke`, { token, body: {} });
  t.is((await s.call('POST', '/keys', { token, body: { name: 'fits again' } })).status, 201);
  t.is((await s.call('GET', '/keys?limit=100', { token })).body.items.length, 22, 'revoked and expired keys stay listed');
});

serverTest('patch: rename, replace scopes and allowlists, switch off and on restores exactly', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const k = (await s.call('POST', '/keys', { token, body: { name: 'p', scopes: ['keys:read', 'emails:send'], addressAllowlist: ['hello@acme.test'] } })).body;
  const before = (await s.call('GET', `/keys/${k.id}`, { token })).body;
  const off = await s.call('PATCH', `/keys/${k.id}`, { token, body: { enabled: false } });
  t.is(off.body.status, 'disabled');
  t.is(off.body.deactivatedAt, '2026-11-22T10:00:00.000Z');
  t.is(off.body.lastChangeType, 'disabled');
  s.clock.advance(60_000);
  const on = await s.call('PATCH', `/keys/${k.id}`, { token, body: { enabled: true } });
  t.is(on.body.status, 'active');
  t.is(on.body.deactivatedAt, null);
  for (const f of ['scopes', 'addressAllowlist', 'domainAllowlist', 'roleId', 'expiresAt', 'keyLast4', 'ipAllowlist']) t.deepEqual(on.body[f], before[f], f);
  t.is((await s.call('GET', '/ping', { token: k.token })).status, 200, 'the same secret works again');
  const changed = await s.call('PATCH', `/keys/${k.id}`, { token, body: { name: 'renamed', scopes: ['emails:send'], addressAllowlist: [], domainAllowlist: ['acme.test'] } });
  t.is(changed.status, 200);
  t.is(changed.body.name, 'renamed');
  t.deepEqual(changed.body.scopes, ['emails:send']);
  t.deepEqual([changed.body.addressAllowlist, changed.body.domainAllowlist], [[], ['acme.test']]);
  t.is(changed.body.updatedAt, '2026-11-22T10:01:00.000Z');
  const empty = await s.call('PATCH', `/keys/${k.id}`, { token, body: {} });
  t.deepEqual(empty.body, changed.body);
  assertError(t, await s.call('PATCH', `/keys/${k.id}`, { token, body: { enabled: 'yes' } }), 422, 'invalid_parameter', 'enabled');
});

serverTest('revoke is final: 409 revoked on every later change; delete removes it from the list', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const k = (await s.call('POST', '/keys', { token, body: { name: 'r' } })).body;
  const revoked = await s.call('POST', `/keys/${k.id}/revoke`, { token, body: { reason: 'leaked in a log' } });
  t.is(revoked.status, 200);
  t.is(revoked.body.status, 'revoked');
  t.is(revoked.body.revokedReason, 'leaked in a log');
  t.is(revoked.body.revokedAt, '2026-11-22T10:00:00.000Z');
  assertError(t, await s.call('PATCH', `/keys/${k.id}`, { token, body: { name: 'again' } }), 409, 'revoked');
  assertError(t, await s.call('PATCH', `/keys/${k.id}`, { token, body: { enabled: true } }), 409, 'revoked');
  assertError(t, await s.call('POST', `/keys/${k.id}/rotate`, { token }), 409, 'revoked');
  assertError(t, await s.call('POST', `/keys/${k.id}/revoke`, { token, body: {} }), 409, 'revoked');
  t.is((await s.call('GET', `/keys/${k.id}`, { token })).body.status, 'revoked');
  const del = await s.call('DELETE', `/keys/${k.id}`, { token });
  t.deepEqual(del.body, { id: k.id, object: 'api_key', deleted: true });
  assertError(t, await s.call('GET', `/keys/${k.id}`, { token }), 404, 'resource_not_found');
  assertError(t, await s.call('DELETE', `/keys/${k.id}`, { token }), 404, 'resource_not_found');
});

serverTest('rotate: a new token, the old one stops at once; self and self/rotate', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const k = (await s.call('POST', '/keys', { token, body: { name: 'rot', scopes: ['keys:write', 'keys:read'] } })).body;
  s.clock.advance(5_000);
  const rotated = await s.call('POST', `/keys/${k.id}/rotate`, { token });
  t.is(rotated.status, 200);
  t.not(rotated.body.token, k.token);
  t.is(rotated.body.rotationCount, 1);
  t.is(rotated.body.rotatedAt, '2026-11-22T10:00:05.000Z');
  t.is(rotated.body.keyLast4, rotated.body.token.slice(-4));
  assertError(t, await s.call('GET', '/ping', { token: k.token }), 401, 'invalid_api_key');
  const self = await s.call('GET', '/keys/self', { token: rotated.body.token });
  t.is(self.body.id, k.id);
  t.is(self.body.token, undefined);
  const again = await s.call('POST', '/keys/self/rotate', { token: rotated.body.token });
  t.is(again.body.rotationCount, 2);
  assertError(t, await s.call('GET', '/ping', { token: rotated.body.token }), 401, 'invalid_api_key');
  t.is((await s.call('GET', '/keys/self', { token: again.body.token })).status, 200);
  assertError(t, await s.call('POST', '/keys/self/rotate', { token: s.fixture.tokens.readOnly }), 403, 'insufficient_scope');
});

serverTest('usage: lastUsedAt and totalUses move with each call', async (t, s) => {
  const k = (await s.call('POST', '/keys', { token: s.fixture.tokens.owner, body: { name: 'u', scopes: ['keys:read'] } })).body;
  s.clock.advance(1_000);
  await s.call('GET', '/ping', { token: k.token });
  await s.call('GET', '/keys/self', { token: k.token });
  const self = await s.call('GET', '/keys/self', { token: k.token });
  t.is(self.body.totalUses, 2, 'the read sees the calls before it');
  t.is(self.body.lastUsedAt, '2026-11-22T10:00:01.000Z');
});
