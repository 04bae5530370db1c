import { assertError, serverTest } from '../support/server.ts';

// GET/PATCH /settings: defaults, resolution order, overrides, writes and their targets, lists, null.

const q = (address: string) => `/settings?address=${encodeURIComponent(address)}`;

serverTest('GET /settings: every field with defaults filled in, address null, no overrides, the workspace name', async (t, s) => {
  const res = await s.call('GET', '/settings', { token: s.fixture.tokens.readOnly });
  t.is(res.status, 200);
  t.deepEqual(res.body, {
    object: 'settings', address: null, workspaceName: 'Acme',
    signature: null, openEmailSignature: true, trackOpens: false, trackClicks: false,
    externalImages: 'ask', trustedSenders: [], blockedSenders: [],
    timezone: 'UTC', language: 'en', weekStart: 'monday', timeFormat: '24h',
    overrides: {},
  });
  t.is((await s.call('GET', q('HELLO@Acme.Test'), { token: s.fixture.tokens.owner })).body.address, 'hello@acme.test', 'lower-cased');
  t.is((await s.call('GET', q('*@ACME.test'), { token: s.fixture.tokens.owner })).body.address, '*@acme.test');
  t.is((await s.call('GET', q('@acme.test'), { token: s.fixture.tokens.owner })).body.address, '@acme.test');
});

serverTest('resolution: workspace, domain, catch-all, plus-address base, address; the last setter wins', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const patch = (body: Record<string, unknown>) => s.call('PATCH', '/settings', { token, body });
  const read = async (address: string) => (await s.call('GET', q(address), { token })).body;
  t.is((await patch({ externalImages: 'never', trustedSenders: ['ws@x.test'] })).status, 200);
  t.is((await read('hello+news@acme.test')).externalImages, 'never', 'the workspace applies everywhere');
  await patch({ address: '@acme.test', externalImages: 'always' });
  t.is((await read('hello+news@acme.test')).externalImages, 'always', 'the domain beats the workspace');
  t.is((await read('news@beta.test')).externalImages, 'never', 'another domain keeps the workspace value');
  await patch({ address: '*@acme.test', externalImages: 'ask', trackOpens: true });
  t.like(await read('hello+news@acme.test'), { externalImages: 'ask', trackOpens: true });
  await patch({ address: 'hello@acme.test', externalImages: 'never', trackOpens: false });
  t.like(await read('hello+news@acme.test'), { externalImages: 'never', trackOpens: false }, 'the base of a plus address');
  t.like(await read('sales@acme.test'), { externalImages: 'ask', trackOpens: true }, 'the catch-all for the others');
  t.is((await read('@acme.test')).trackOpens, false, 'a domain has no per-address fields of its own');

  const hello = await read('hello@acme.test');
  t.deepEqual(hello.overrides, { externalImages: 'never', trackOpens: false }, 'only what the scope sets itself');
  t.deepEqual(hello.trustedSenders, ['ws@x.test']);
  t.deepEqual((await read('@acme.test')).overrides, { externalImages: 'always' });
  t.deepEqual((await s.call('GET', '/settings', { token })).body.overrides, { externalImages: 'never', trustedSenders: ['ws@x.test'] });
});

serverTest('PATCH: omitted fields stay, lists replace and are tidied, null inherits again, empty patch changes nothing', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const patch = (body: Record<string, unknown>) => s.call('PATCH', '/settings', { token, body });
  await patch({ externalImages: 'always' });
  const first = await patch({ address: 'hello@acme.test', trustedSenders: ['A@Example.test', '@Partner.test', 'a@example.test'], trackClicks: true });
  t.deepEqual(first.body.trustedSenders, ['a@example.test', '@partner.test']);
  const second = await patch({ address: 'hello@acme.test', trustedSenders: ['c@example.test'] });
  t.deepEqual(second.body.trustedSenders, ['c@example.test'], 'a list is replaced whole');
  t.true(second.body.trackClicks, 'omitted fields stay');
  const cleared = await patch({ address: 'hello@acme.test', trackClicks: null, externalImages: 'never' });
  t.false(cleared.body.trackClicks);
  t.deepEqual(cleared.body.overrides, { trustedSenders: ['c@example.test'], externalImages: 'never' });
  const back = await patch({ address: 'hello@acme.test', externalImages: null });
  t.is(back.body.externalImages, 'always', 'null removes the override: the workspace value shows again');
  const empty = await patch({ address: 'hello@acme.test' });
  t.deepEqual(empty.body, back.body);
  assertError(t, await patch({ address: 'hello@acme.test', trustedSenders: ['ok@x.test', 'not an address'] }), 422, 'invalid_parameter', 'trustedSenders.1');
  assertError(t, await patch({ externalImages: 'sometimes' }), 422, 'invalid_parameter', 'externalImages');
  assertError(t, await patch({ trackOpens: 'yes' }), 422, 'invalid_parameter', 'trackOpens');
  assertError(t, await patch({ colour: 'red' }), 422, 'unknown_parameter', 'colour');
});

serverTest('levels: per-address fields only on an address or catch-all; account fields with any scope', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const patch = (body: Record<string, unknown>) => s.call('PATCH', '/settings', { token, body });
  assertError(t, await patch({ trackOpens: true }), 422, 'invalid_parameter', 'trackOpens');
  assertError(t, await patch({ address: '@acme.test', signature: '<p>Hi</p>' }), 422, 'invalid_parameter', 'signature');
  assertError(t, await patch({ address: 'hello@acme.test', workspaceName: 'X' }), 422, 'invalid_parameter', 'workspaceName');
  const account = await patch({ address: 'hello@acme.test', timezone: 'Europe/Berlin', weekStart: 'sunday' });
  t.like(account.body, { timezone: 'Europe/Berlin', weekStart: 'sunday' });
  t.is((await s.call('GET', '/settings', { token })).body.timezone, 'Europe/Berlin', 'account fields belong to the person');
  t.is((await s.call('GET', '/settings', { token: s.fixture.tokens.memberApp })).body.timezone, 'UTC', 'another person keeps the default');
  assertError(t, await patch({ timezone: 'Mars/Olympus' }), 422, 'invalid_parameter', 'timezone');
  assertError(t, await patch({ timeFormat: '25h' }), 422, 'invalid_parameter', 'timeFormat');
  t.is((await patch({ timezone: null })).body.timezone, 'UTC', 'null goes back to the default');
});

serverTest('signature is sanitised; workspaceName renames the workspace', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const sig = await s.call('PATCH', '/settings', { token, body: { address: 'hello@acme.test', signature: '<p>Best, <b>Acme</b><script>alert(1)</script></p>' } });
  t.is(sig.status, 200);
  t.true(sig.body.signature.includes('<b>Acme</b>'));
  t.false(sig.body.signature.includes('script'));
  assertError(t, await s.call('PATCH', '/settings', { token, body: { address: 'hello@acme.test', signature: '<script>x</script>' } }), 422, 'invalid_parameter', 'signature');
  const renamed = await s.call('PATCH', '/settings', { token, body: { workspaceName: '  Acme Corp  ' } });
  t.is(renamed.body.workspaceName, 'Acme Corp');
  t.is((await s.call('GET', '/workspaces/active', { token })).body.name, 'Acme Corp');
  assertError(t, await s.call('PATCH', '/settings', { token, body: { workspaceName: '   ' } }), 422, 'invalid_parameter', 'workspaceName');
  assertError(t, await s.call('PATCH', '/settings', { token, body: { workspaceName: null } }), 422, 'invalid_parameter', 'workspaceName');
});

serverTest('address: malformed or too long is 422 invalid_parameter; writes need a target in the workspace', async (t, s) => {
  const token = s.fixture.tokens.owner;
  for (const bad of ['nope', 'hello@', '*@', '@', 'a@b@c.test', `${'a'.repeat(310)}@acme.test`, '']) {
    assertError(t, await s.call('GET', q(bad), { token }), 422, 'invalid_parameter', 'address');
    assertError(t, await s.call('PATCH', '/settings', { token, body: { address: bad, externalImages: 'ask' } }), 422, 'invalid_parameter', 'address');
  }
  t.is((await s.call('GET', q('nobody@acme.test'), { token })).status, 200, 'any well-formed address reads');
  const write = (address: string) => s.call('PATCH', '/settings', { token, body: { address, externalImages: 'never' } });
  assertError(t, await write('nobody@acme.test'), 422, 'invalid_parameter', 'address');
  assertError(t, await write('hello+tag@acme.test'), 422, 'invalid_parameter', 'address');
  assertError(t, await write('hi@other.test'), 422, 'invalid_parameter', 'address');
  assertError(t, await write('*@beta.test'), 422, 'invalid_parameter', 'address');
  assertError(t, await write('@other.test'), 422, 'invalid_parameter', 'address');
  t.is((await write('old@acme.test')).status, 200, 'a disabled address is still in the workspace');
  t.is((await write('@beta.test')).status, 200, 'a domain of the workspace');
  t.is((await write('*@acme.test')).status, 200, 'a catch-all on a verified domain with catch-all on');
  const conflict = await s.call('PATCH', `/settings?address=sales%40acme.test`, { token, body: { address: 'hello@acme.test', trackOpens: true } });
  assertError(t, conflict, 422, 'invalid_parameter', 'address');
  t.is((await s.call('PATCH', `/settings?address=sales%40acme.test`, { token, body: { trackOpens: true } })).body.trackOpens, true, 'the query names the scope too');
});

serverTest('narrowed callers: 422 capability_unsupported for what they do not hold, workspace-wide writes, blocking lists', async (t, s) => {
  const { narrowed, domainKey, memberApp } = s.fixture.tokens;
  const patch = (token: string, body: Record<string, unknown>) => s.call('PATCH', '/settings', { token, body });
  for (const token of [narrowed, memberApp]) {
    assertError(t, await s.call('GET', q('sales@acme.test'), { token }), 422, 'capability_unsupported', 'address');
    assertError(t, await s.call('GET', q('@acme.test'), { token }), 422, 'capability_unsupported', 'address');
    assertError(t, await s.call('GET', q('not an address'), { token }), 422, 'capability_unsupported', 'address');
    t.is((await s.call('GET', q('hello@acme.test'), { token })).status, 200);
    t.is((await s.call('GET', q('hello+x@acme.test'), { token })).status, 200, 'a plus address of a held address');
    t.is((await s.call('GET', '/settings', { token })).status, 200, 'workspace-wide values can be read');
    assertError(t, await patch(token, { externalImages: 'never' }), 422, 'capability_unsupported', 'address');
    assertError(t, await patch(token, { address: 'sales@acme.test', trackOpens: true }), 422, 'capability_unsupported', 'address');
    assertError(t, await patch(token, { address: 'hello@acme.test', blockedSenders: ['x@y.test'] }), 422, 'capability_unsupported', 'blockedSenders');
    assertError(t, await patch(token, { workspaceName: 'Mine' }), 422, 'capability_unsupported', 'workspaceName');
    assertError(t, await patch(token, { address: 'hello@acme.test', externalImages: 'bogus', blockedSenders: [] }), 422, 'capability_unsupported', 'blockedSenders');
    const own = await patch(token, { address: 'hello@acme.test', trackOpens: true, trustedSenders: ['a@b.test'] });
    t.is(own.status, 200);
    t.is((await patch(token, { timeFormat: '12h' })).status, 200, 'the person\'s own account fields');
  }
  t.is((await patch(domainKey, { address: '@acme.test', externalImages: 'always' })).status, 200);
  t.is((await patch(domainKey, { address: '*@acme.test', trackClicks: true })).status, 200);
  assertError(t, await patch(domainKey, { address: '@beta.test', externalImages: 'always' }), 422, 'capability_unsupported', 'address');
  const owner = (await s.call('GET', '/settings', { token: s.fixture.tokens.owner })).body;
  t.deepEqual(owner.overrides, {}, 'no refused write reached the workspace scope');
  t.is(owner.workspaceName, 'Acme');
});

serverTest('scopes and workspaces: settings:read reads, settings:write writes; another workspace sees its own', async (t, s) => {
  const { readOnly, owner, other } = s.fixture.tokens;
  assertError(t, await s.call('PATCH', '/settings', { token: readOnly, body: { externalImages: 'never' } }), 403, 'insufficient_scope');
  await s.call('PATCH', '/settings', { token: owner, body: { externalImages: 'never', blockedSenders: ['spam@x.test'] } });
  const theirs = (await s.call('GET', '/settings', { token: other })).body;
  t.like(theirs, { externalImages: 'ask', blockedSenders: [], workspaceName: 'Other' });
});
