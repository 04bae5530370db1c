import { assertError, serverTest } from '../support/server.ts';
import { openPersonalSpace } from './branding-kit.ts';

// PATCH/GET /branding: fonts, the sign-in background, narrowed callers and personal spaces.

serverTest('GET /branding: the default brand of a team workspace, editable for the owner', async (t, s) => {
  const res = await s.call('GET', '/branding', { token: s.fixture.tokens.owner });
  t.is(res.status, 200);
  t.like(res.body, { object: 'brand', editable: true, fonts: { primary: null, secondary: null }, loginBackground: null });
  t.deepEqual(res.body.images, { mark: null, wordmark: null, 'wordmark-dark': null, 'login-background': null });
  const narrowed = await s.call('GET', '/branding', { token: s.fixture.tokens.narrowed });
  t.is(narrowed.status, 200, 'narrowed callers may read the brand');
  t.false(narrowed.body.editable);
  t.false((await s.call('GET', '/branding', { token: s.fixture.tokens.readOnly })).body.editable, 'no settings:write');
});

serverTest('PATCH /branding fonts: listed fonts or null; omitted fields stay; anything else is invalid_parameter', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const set = await s.call('PATCH', '/branding', { token, body: { fonts: { primary: 'inter', secondary: 'jetbrains-mono' } } });
  t.is(set.status, 200);
  t.deepEqual(set.body.fonts, { primary: 'inter', secondary: 'jetbrains-mono' });
  const one = await s.call('PATCH', '/branding', { token, body: { fonts: { secondary: null } } });
  t.deepEqual(one.body.fonts, { primary: 'inter', secondary: null });
  assertError(t, await s.call('PATCH', '/branding', { token, body: { fonts: { primary: 'comic-sans' } } }), 422, 'invalid_parameter', 'fonts.primary');
  assertError(t, await s.call('PATCH', '/branding', { token, body: { fonts: { secondary: 'Inter' } } }), 422, 'invalid_parameter', 'fonts.secondary');
  assertError(t, await s.call('PATCH', '/branding', { token, body: { fonts: { tertiary: 'inter' } } }), 422, 'unknown_parameter', 'fonts.tertiary');
  assertError(t, await s.call('PATCH', '/branding', { token, body: { colour: 'red' } }), 422, 'unknown_parameter', 'colour');
  assertError(t, await s.call('PATCH', '/branding', { token, body: '{"fonts":' }), 400, 'malformed_json');
  t.deepEqual((await s.call('GET', '/branding', { token })).body.fonts, { primary: 'inter', secondary: null }, 'refusals changed nothing');
});

serverTest('PATCH /branding loginBackground: preset, colour, logo, null for default, and every refusal', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const patch = (loginBackground: unknown) => s.call('PATCH', '/branding', { token, body: { loginBackground } });
  const preset = await patch({ kind: 'preset', preset: 'dusk', logo: 'light' });
  t.is(preset.status, 200);
  t.deepEqual(preset.body.loginBackground, { kind: 'preset', preset: 'dusk', color: null, logo: 'light' });
  const color = await patch({ kind: 'color', color: '#1a2b3c' });
  t.deepEqual(color.body.loginBackground, { kind: 'color', preset: null, color: '#1a2b3c', logo: 'light' }, 'omitted logo stays');
  t.deepEqual((await patch({ kind: 'color', color: '#000000', logo: null })).body.loginBackground.logo, null);

  assertError(t, await patch({ kind: 'preset' }), 422, 'invalid_parameter', 'loginBackground.preset');
  assertError(t, await patch({ kind: 'preset', preset: 'sunset' }), 422, 'invalid_parameter', 'loginBackground.preset');
  assertError(t, await patch({ kind: 'color' }), 422, 'invalid_parameter', 'loginBackground.color');
  assertError(t, await patch({ kind: 'color', color: '#1A2B3C' }), 422, 'invalid_parameter', 'loginBackground.color');
  assertError(t, await patch({ kind: 'color', color: '#123' }), 422, 'invalid_parameter', 'loginBackground.color');
  assertError(t, await patch({ kind: 'video' }), 422, 'invalid_parameter', 'loginBackground.kind');
  assertError(t, await patch({ preset: 'dusk' }), 422, 'invalid_parameter', 'loginBackground.kind');
  assertError(t, await patch({ kind: 'preset', preset: 'dusk', logo: 'grey' }), 422, 'invalid_parameter', 'loginBackground.logo');
  assertError(t, await patch({ kind: 'preset', preset: 'dusk', blur: 3 }), 422, 'unknown_parameter', 'loginBackground.blur');
  assertError(t, await patch('dusk'), 422, 'invalid_parameter', 'loginBackground');
  assertError(t, await patch({ kind: 'image' }), 422, 'invalid_parameter', 'loginBackground.kind');
  t.deepEqual((await s.call('GET', '/branding', { token })).body.loginBackground, { kind: 'color', preset: null, color: '#000000', logo: null });

  const reset = await patch(null);
  t.is(reset.body.loginBackground, null, 'null is the default sign-in page');
});

serverTest('narrowed callers: 422 capability_unsupported on domainAllowlist for every change; scopes still come first', async (t, s) => {
  const { narrowed, domainKey, memberApp, readOnly } = s.fixture.tokens;
  for (const token of [narrowed, domainKey, memberApp]) {
    assertError(t, await s.call('PATCH', '/branding', { token, body: { fonts: { primary: 'inter' } } }), 422, 'capability_unsupported', 'domainAllowlist');
    assertError(t, await s.call('PATCH', '/branding', { token, body: { fonts: { primary: 'nope' } } }), 422, 'capability_unsupported', 'domainAllowlist');
    assertError(t, await s.call('DELETE', '/branding/images/mark', { token }), 422, 'capability_unsupported', 'domainAllowlist');
  }
  assertError(t, await s.call('PATCH', '/branding', { token: readOnly, body: { fonts: { primary: 'inter' } } }), 403, 'insufficient_scope');
  t.deepEqual((await s.call('GET', '/branding', { token: s.fixture.tokens.owner })).body.fonts, { primary: null, secondary: null });
});

serverTest('a personal space has no brand: reads with nulls and editable false; changes are 409 branding_unavailable', async (t, s) => {
  const token = s.fixture.tokens.ownerApp;
  await s.call('PATCH', '/branding', { token, body: { fonts: { primary: 'inter' } } });
  await openPersonalSpace(s, token);
  const res = await s.call('GET', '/branding', { token });
  t.is(res.status, 200);
  t.like(res.body, { editable: false, images: null, fonts: null, loginBackground: null });
  assertError(t, await s.call('PATCH', '/branding', { token, body: { fonts: { primary: 'inter' } } }), 409, 'branding_unavailable');
  assertError(t, await s.call('PATCH', '/branding', { token, body: { fonts: { primary: 'nope' } } }), 422, 'invalid_parameter', 'fonts.primary');
  assertError(t, await s.call('DELETE', '/branding/images/mark', { token }), 409, 'branding_unavailable');
});
