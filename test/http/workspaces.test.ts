import { assertError, serverTest } from '../support/server.ts';

serverTest('GET /workspaces: the person\'s workspaces, active, primary and personal ids', async (t, s) => {
  const res = await s.call('GET', '/workspaces', { token: s.fixture.tokens.owner });
  t.is(res.status, 200);
  t.deepEqual(res.body.data.map((w: any) => [w.name, w.kind, w.isOwner]), [['Acme', 'team', true]]);
  t.is(res.body.activeWorkspaceId, s.fixture.ids.workspace);
  t.is(res.body.primaryWorkspaceId, s.fixture.ids.workspace);
  t.truthy(res.body.personalWorkspaceId);
  t.not(res.body.personalWorkspaceId, s.fixture.ids.workspace);
  const member = await s.call('GET', '/workspaces', { token: s.fixture.tokens.memberApp });
  t.deepEqual(member.body.data.map((w: any) => [w.name, w.isOwner]), [['Acme', false]]);
  t.is(member.body.primaryWorkspaceId, member.body.personalWorkspaceId, 'a member owns only the personal space');
});

serverTest('POST /workspaces: Free plan, one Free workspace per account, same name within 10 s replays', async (t, s) => {
  const token = s.fixture.tokens.ownerApp;
  const made = await s.call('POST', '/workspaces', { token, body: { name: '  Side Project  ' } });
  t.is(made.status, 200, JSON.stringify(made.body));
  t.like(made.body, { name: 'Side Project', slug: 'side-project', active: true });
  s.clock.advance(5_000);
  const again = await s.call('POST', '/workspaces', { token, body: { name: 'Side Project' } });
  t.deepEqual(again.body, made.body, 'a double submit answers the first result');
  s.clock.advance(6_000);
  assertError(t, await s.call('POST', '/workspaces', { token, body: { name: 'Side Project' } }), 403, 'workspace_allowance_reached');
  assertError(t, await s.call('POST', '/workspaces', { token, body: { name: '   ' } }), 422, 'invalid_parameter', 'name');
  assertError(t, await s.call('POST', '/workspaces', { token, body: { name: 'x'.repeat(65) } }), 422, 'invalid_parameter', 'name');
  // The new workspace is the app's open one: its calls now work there.
  const active = await s.call('GET', '/workspaces/active', { token });
  t.is(active.body.id, made.body.id);
  t.is(active.body.email, 'owner@example.test');
  t.true(active.body.isOwner);
  const book = await s.call('GET', '/addresses', { token });
  t.deepEqual(book.body.data, [], 'the new workspace has no addresses yet');
});

serverTest('PUT /workspaces/active: an app opens a workspace it can open; anything else is 404', async (t, s) => {
  const token = s.fixture.tokens.ownerApp;
  const list = await s.call('GET', '/workspaces', { token });
  const personal = list.body.personalWorkspaceId;
  const opened = await s.call('PUT', '/workspaces/active', { token, body: { workspaceId: personal } });
  t.is(opened.status, 200);
  t.is(opened.body.kind, 'personal');
  t.is((await s.call('GET', '/workspaces/active', { token })).body.id, personal);
  assertError(t, await s.call('PUT', '/workspaces/active', { token, body: { workspaceId: s.fixture.ids.other } }), 404, 'resource_not_found', 'workspaceId');
  // A key's active workspace is its own.
  const key = s.fixture.tokens.owner;
  t.is((await s.call('GET', '/workspaces/active', { token: key })).body.id, s.fixture.ids.workspace);
  assertError(t, await s.call('PUT', '/workspaces/active', { token: key, body: { workspaceId: personal } }), 404, 'resource_not_found');
});

serverTest('DELETE /workspaces/{id}: refusals in order, then gone for good', async (t, s) => {
  const app = s.fixture.tokens.ownerApp;
  s.clock.advance(1_000); // made after the fixture's workspace, which stays the primary one
  const made = (await s.call('POST', '/workspaces', { token: app, body: { name: 'Doomed' } })).body;
  assertError(t, await s.call('DELETE', `/workspaces/${s.fixture.ids.workspace}?confirm=Acme`, { token: app }), 404, 'resource_not_found', 'id');
  assertError(t, await s.call('DELETE', `/workspaces/${made.id}?confirm=Doomed`, { token: app }), 403, 'step_up_required');
  await s.call('POST', '/security/step-up', { token: app });
  const code = /(\d{6})/.exec(s.mailer.sent.at(-1)!.subject)![1];
  t.is((await s.call('POST', '/security/step-up/verify', { token: app, body: { code } })).status, 200);
  assertError(t, await s.call('DELETE', `/workspaces/${made.id}?confirm=Wrong`, { token: app }), 422, 'invalid_parameter', 'confirm');
  const gone = await s.call('DELETE', `/workspaces/${made.id}?confirm=%20doomed%20`, { token: app });
  t.is(gone.status, 200, JSON.stringify(gone.body));
  t.deepEqual(gone.body, { id: made.id, object: 'workspace', deleted: true, activeWorkspaceId: s.fixture.ids.workspace });
  t.false((await s.call('GET', '/workspaces', { token: s.fixture.tokens.owner })).body.data.some((w: any) => w.id === made.id));
});

serverTest('DELETE /workspaces/{id}: owner_only, capability_unsupported, first_workspace', async (t, s) => {
  const { tokens, ids } = s.fixture;
  assertError(t, await s.call('DELETE', `/workspaces/${ids.workspace}?confirm=Acme`, { token: tokens.memberApp }), 403, 'owner_only');
  assertError(t, await s.call('DELETE', `/workspaces/${ids.workspace}?confirm=Acme`, { token: tokens.narrowed }), 422, 'capability_unsupported');
  assertError(t, await s.call('DELETE', `/workspaces/${ids.workspace}?confirm=Acme`, { token: tokens.owner }), 409, 'first_workspace', 'id');
  assertError(t, await s.call('GET', '/workspaces', { token: tokens.readOnly }), 403, 'insufficient_scope');
});
