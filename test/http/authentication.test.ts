import { assertError, serverTest } from '../support/server.ts';

serverTest('every 401 code: missing, wrong scheme, unknown, malformed, wrong secret, expired, tokens', async (t, s) => {
  const { tokens, keys } = s.fixture;
  assertError(t, await s.call('GET', '/ping'), 401, 'missing_api_key');
  assertError(t, await s.call('GET', '/ping', { headers: { authorization: 'Basic dXNlcjpwYXNz' } }), 401, 'invalid_credential_type');
  assertError(t, await s.call('GET', '/ping', { token: 'nonsense' }), 401, 'invalid_api_key');
  assertError(t, await s.call('GET', '/ping', { token: `wm_live_${keys.owner!.id}_${'A'.repeat(43)}` }), 401, 'invalid_api_key');
  assertError(t, await s.call('GET', '/ping', { token: `wm_live_${'f'.repeat(24)}_${'A'.repeat(43)}` }), 401, 'invalid_api_key');
  assertError(t, await s.call('GET', '/ping', { token: tokens.expired }), 401, 'expired_api_key');
  assertError(t, await s.call('GET', '/ping', { token: 'wmat_short' }), 401, 'invalid_access_token');
  assertError(t, await s.call('GET', '/ping', { token: `wmat_${'B'.repeat(43)}` }), 401, 'invalid_access_token');
  assertError(t, await s.call('GET', '/ping', { token: tokens.expiredApp }), 401, 'expired_access_token');
  t.is((await s.call('GET', '/ping', { token: tokens.ownerApp })).status, 200);
});

serverTest('a key expires by the clock, without anybody touching it', async (t, s) => {
  t.is((await s.call('GET', '/ping', { token: s.fixture.tokens.expiring })).status, 200);
  s.clock.set('2099-01-01T00:00:00.000Z');
  assertError(t, await s.call('GET', '/ping', { token: s.fixture.tokens.expiring }), 401, 'expired_api_key');
});

serverTest('switched-off keys get inactive_api_key; revoked keys get revoked_api_key', async (t, s) => {
  const { tokens, keys } = s.fixture;
  const owner = tokens.owner;
  t.is((await s.call('PATCH', `/keys/${keys.expiring!.id}`, { token: owner, body: { enabled: false } })).status, 200);
  assertError(t, await s.call('GET', '/ping', { token: tokens.expiring }), 401, 'inactive_api_key');
  t.is((await s.call('PATCH', `/keys/${keys.expiring!.id}`, { token: owner, body: { enabled: true } })).status, 200);
  t.is((await s.call('GET', '/ping', { token: tokens.expiring })).status, 200);
  t.is((await s.call('POST', `/keys/${keys.expiring!.id}/revoke`, { token: owner, body: {} })).status, 200);
  assertError(t, await s.call('GET', '/ping', { token: tokens.expiring }), 401, 'revoked_api_key');
});

serverTest('scopes: a missing scope is 403 insufficient_scope; a role caps the scopes a key holds', async (t, s) => {
  const { tokens } = s.fixture;
  assertError(t, await s.call('POST', '/keys', { token: tokens.readOnly, body: { name: 'x' } }), 403, 'insufficient_scope');
  assertError(t, await s.call('GET', '/addresses', { token: tokens.readOnly }), 403, 'insufficient_scope');
  t.is((await s.call('GET', '/keys', { token: tokens.readOnly })).status, 200);
  // `memberRole` was granted every scope, but the member role has no keys:manage.
  assertError(t, await s.call('POST', '/keys', { token: tokens.memberRole, body: { name: 'x' } }), 403, 'insufficient_scope');
  // The scope check comes before validation: a bad body from a caller without the scope is still 403.
  assertError(t, await s.call('POST', '/keys', { token: tokens.readOnly, body: { bogus: 1 } }), 403, 'insufficient_scope');
});

serverTest('IP allowlist: IPv4 and IPv6 addresses and CIDR ranges; elsewhere is 403 ip_not_allowed', async (t, s) => {
  assertError(t, await s.call('GET', '/ping', { token: s.fixture.tokens.ipBlocked }), 403, 'ip_not_allowed');
  t.is((await s.call('GET', '/ping', { token: s.fixture.tokens.ipAllowed })).status, 200);
  const made = await s.call('POST', '/keys', { token: s.fixture.tokens.owner, body: { name: 'v6 only', ipAllowlist: ['::1', '2001:db8::/48'] } });
  t.is(made.status, 201);
  t.deepEqual(made.body.ipAllowlist, ['::1', '2001:db8::/48']);
  assertError(t, await s.call('GET', '/ping', { token: made.body.token }), 403, 'ip_not_allowed');
  assertError(t, await s.call('POST', '/keys', { token: s.fixture.tokens.owner, body: { name: 'bad', ipAllowlist: ['10.0.0.0/33'] } }), 422, 'invalid_parameter', 'ipAllowlist.0');
  assertError(t, await s.call('POST', '/keys', { token: s.fixture.tokens.owner, body: { name: 'bad', ipAllowlist: ['::1', 'host.test'] } }), 422, 'invalid_parameter', 'ipAllowlist.1');
});

serverTest('OAuth: only the owner manages keys (owner_only); /keys/self is for keys (api_key_only)', async (t, s) => {
  const { tokens } = s.fixture;
  assertError(t, await s.call('GET', '/keys', { token: tokens.memberApp }), 403, 'owner_only');
  assertError(t, await s.call('POST', '/keys', { token: tokens.memberApp, body: { name: 'x' } }), 403, 'insufficient_scope');
  t.is((await s.call('GET', '/keys', { token: tokens.ownerApp })).status, 200);
  assertError(t, await s.call('GET', '/keys/self', { token: tokens.ownerApp }), 403, 'api_key_only');
});

serverTest('another workspace\'s key and an unknown id answer the same 404', async (t, s) => {
  const { tokens, keys } = s.fixture;
  const other = await s.call('GET', `/keys/${keys.other!.id}`, { token: tokens.owner });
  const unknown = await s.call('GET', `/keys/${'a'.repeat(24)}`, { token: tokens.owner });
  assertError(t, other, 404, 'resource_not_found');
  assertError(t, unknown, 404, 'resource_not_found');
  t.is(other.body.error.message, unknown.body.error.message);
  assertError(t, await s.call('POST', `/keys/${keys.other!.id}/revoke`, { token: tokens.owner, body: {} }), 404, 'resource_not_found');
  t.is((await s.call('GET', '/ping', { token: tokens.other })).status, 200, 'the other workspace\'s key still works');
});

serverTest('narrowed callers see only keys inside their send scope; others are 404', async (t, s) => {
  const { tokens, keys } = s.fixture;
  const list = await s.call('GET', '/keys', { token: tokens.narrowed });
  t.deepEqual(list.body.items.map((k: any) => k.id), [keys.narrowed!.id]);
  const domainList = await s.call('GET', '/keys', { token: tokens.domainKey });
  t.deepEqual(domainList.body.items.map((k: any) => k.id).sort(), [keys.narrowed!.id, keys.domainKey!.id, keys.memberRole!.id].sort());
  assertError(t, await s.call('GET', `/keys/${keys.owner!.id}`, { token: tokens.narrowed }), 404, 'resource_not_found');
  assertError(t, await s.call('PATCH', `/keys/${keys.owner!.id}`, { token: tokens.narrowed, body: { enabled: false } }), 404, 'resource_not_found');
  t.is((await s.call('GET', `/keys/${keys.narrowed!.id}`, { token: tokens.domainKey })).status, 200);
});
