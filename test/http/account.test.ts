import { assertError, serverTest } from '../support/server.ts';

serverTest('notifications: categories with required ones always on; push mutes per workspace', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const read = await s.call('GET', '/account/notifications', { token });
  t.deepEqual(read.body.email.map((c: any) => [c.category, c.required, c.enabled]),
    [['account', true, true], ['billing', true, true], ['activity', false, true], ['product', false, true]]);
  t.deepEqual(read.body.mutedWorkspaces, []);
  const off = await s.call('PUT', '/account/notifications/email/product', { token, body: { enabled: false } });
  t.false(off.body.email.find((c: any) => c.category === 'product').enabled);
  t.false((await s.call('GET', '/account/notifications', { token })).body.email.find((c: any) => c.category === 'product').enabled);
  assertError(t, await s.call('PUT', '/account/notifications/email/billing', { token, body: { enabled: false } }), 422, 'invalid_parameter', 'category');
  assertError(t, await s.call('PUT', '/account/notifications/email/account', { token, body: { enabled: false } }), 422, 'invalid_parameter', 'category');
  assertError(t, await s.call('PUT', '/account/notifications/email/gossip', { token, body: { enabled: true } }), 422, 'invalid_parameter', 'category');
  assertError(t, await s.call('PUT', '/account/notifications/email/product', { token, body: {} }), 422, 'invalid_parameter', 'enabled');
  const muted = await s.call('PUT', `/account/notifications/push/${s.fixture.ids.workspace}`, { token, body: { muted: true } });
  t.deepEqual(muted.body.mutedWorkspaces, [s.fixture.ids.workspace]);
  assertError(t, await s.call('PUT', `/account/notifications/push/${s.fixture.ids.other}`, { token, body: { muted: true } }), 404, 'resource_not_found');
  const unmuted = await s.call('PUT', `/account/notifications/push/${s.fixture.ids.workspace}`, { token, body: { muted: false } });
  t.deepEqual(unmuted.body.mutedWorkspaces, []);
});

serverTest('username: made on first read, availability with tidying, set, taken, locked', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  const member = s.fixture.tokens.memberApp;
  const first = await s.call('GET', '/account/username', { token: owner });
  t.deepEqual(first.body, { object: 'username', username: 'owner', chosen: false, address: 'owner@workspace-mail.localhost' });
  t.deepEqual((await s.call('GET', '/account/username', { token: owner })).body, first.body, 'made once');
  const check = await s.call('GET', `/account/username/availability?username=${encodeURIComponent(' Olivia Owner ')}`, { token: owner });
  t.like(check.body, { status: 'available', available: true, username: 'olivia.owner' });
  t.like((await s.call('GET', '/account/username/availability?username=owner', { token: owner })).body, { status: 'current', available: false });
  t.like((await s.call('GET', '/account/username/availability?username=a..b', { token: owner })).body, { status: 'invalid', available: false });
  assertError(t, await s.call('GET', `/account/username/availability?username=${'a'.repeat(61)}`, { token: owner }), 422, 'invalid_parameter', 'username');
  const set = await s.call('PUT', '/account/username', { token: owner, body: { username: 'olivia.owner' } });
  t.deepEqual(set.body, { object: 'username', username: 'olivia.owner', chosen: true, address: 'olivia.owner@workspace-mail.localhost' });
  t.like((await s.call('GET', '/account/username/availability?username=Olivia%20Owner', { token: member })).body, { status: 'taken', available: false });
  assertError(t, await s.call('PUT', '/account/username', { token: member, body: { username: 'olivia.owner' } }), 409, 'username_taken', 'username');
  assertError(t, await s.call('PUT', '/account/username', { token: owner, body: { username: 'olivia2' } }), 409, 'username_locked', 'username');
  s.clock.advance(31 * 86_400_000);
  t.is((await s.call('PUT', '/account/username', { token: owner, body: { username: 'olivia2' } })).status, 200);
  for (const bad of ['ab', 'Upper', 'a..b', '.lead', 'trail.', 'x'.repeat(31), 'sp ace']) {
    assertError(t, await s.call('PUT', '/account/username', { token: member, body: { username: bad } }), 422, 'invalid_parameter', 'username');
  }
});

serverTest('connected apps: one record per app, the calling app marked current', async (t, s) => {
  const apps = await s.call('GET', '/account/connected-apps', { token: s.fixture.tokens.ownerApp });
  t.is(apps.status, 200);
  t.true(Array.isArray(apps.body));
  const byId = Object.fromEntries(apps.body.map((a: any) => [a.clientId, a]));
  t.like(byId.app_owner, { name: 'Owner CLI', kind: 'cli', cliDevice: 'Owner CLI', status: 'active', tokenCount: 1, current: true });
  t.like(byId.app_old, { status: 'expired', tokenCount: 0, current: false });
  t.falsy(byId.app_member, 'another person\'s apps are not listed');
  const viaKey = await s.call('GET', '/account/connected-apps', { token: s.fixture.tokens.owner });
  t.true(viaKey.body.every((a: any) => a.current === false));
});
