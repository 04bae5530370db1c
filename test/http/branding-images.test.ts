import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertError, serverTest } from '../support/server.ts';
import { fetchImage, openPersonalSpace, oversizedUpload, putRaw, putSample, sample } from './branding-kit.ts';

// PUT/DELETE /branding/images/{variant}: types per variant, fitting, WebP storage, the sign-in photo switch and
// fallback, and every refusal.

const path = (variant: string) => `/branding/images/${variant}`;

serverTest('each variant takes its types, fitted to its box and stored as WebP served at a public URL', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const cases: [string, string, number, number][] = [
    ['mark', 'sample.png', 512, 384],
    ['mark', 'logo.svg', 512, 128],
    ['wordmark', 'sample.webp', 1024, 256],
    ['wordmark', 'logo.svg', 1000, 250],
    ['wordmark-dark', 'sample.jpeg', 300, 200],
    ['login-background', 'animated.gif', 600, 300],
    ['login-background', 'sample.png', 640, 480],
  ];
  for (const [variant, file, width, height] of cases) {
    const res = await putSample(s, path(variant), token, file);
    t.is(res.status, 200, `${variant} ${file}: ${JSON.stringify(res.body)}`);
    t.is(res.body.object, 'brand');
    const url = res.body.images[variant];
    t.regex(url, /\/v1\/public\/images\/img_[0-9a-f]{24}$/);
    const image = await fetchImage(s, url);
    t.is(image.status, 200);
    t.is(image.type, 'image/webp');
    t.is(image.bytes.subarray(8, 12).toString('latin1'), 'WEBP');
    t.deepEqual([image.width, image.height], [width, height], `${variant} ${file}`);
  }
  const brand = (await s.call('GET', '/branding', { token })).body;
  t.true(Object.values(brand.images).every((u) => typeof u === 'string'));
});

serverTest('an animated GIF keeps its first frame (red), not the second (blue)', async (t, s) => {
  const res = await putSample(s, path('login-background'), s.fixture.tokens.owner, 'animated.gif');
  const image = await fetchImage(s, res.body.images['login-background']);
  const [r, g, b] = image.image!.bitmap.data.subarray(0, 3);
  t.true(r! > 200 && g! < 60 && b! < 60, `first pixel ${r},${g},${b}`);
});

serverTest('422 invalid_image: untyped, a type the variant does not take, mislabelled, unreadable, empty, over 5 MB', async (t, s) => {
  const token = s.fixture.tokens.owner;
  assertError(t, await putRaw(s, path('mark'), token, sample('sample.png'), null), 422, 'invalid_image');
  assertError(t, await putRaw(s, path('mark'), token, sample('sample.png'), 'application/octet-stream'), 422, 'invalid_image');
  assertError(t, await putRaw(s, path('mark'), token, sample('animated.gif'), 'image/gif'), 422, 'invalid_image');
  assertError(t, await putRaw(s, path('wordmark-dark'), token, sample('animated.gif'), 'image/gif'), 422, 'invalid_image');
  assertError(t, await putRaw(s, path('login-background'), token, sample('logo.svg'), 'image/svg+xml'), 422, 'invalid_image');
  assertError(t, await putRaw(s, path('mark'), token, sample('sample.png'), 'image/jpeg'), 422, 'invalid_image');
  assertError(t, await putRaw(s, path('mark'), token, sample('sample.png').subarray(0, 100), 'image/png'), 422, 'invalid_image');
  assertError(t, await putRaw(s, path('mark'), token, 'hello, not a picture', 'image/png'), 422, 'invalid_image');
  assertError(t, await putRaw(s, path('mark'), token, '<svg', 'image/svg+xml'), 422, 'invalid_image');
  assertError(t, await putRaw(s, path('mark'), token, new Uint8Array(0), 'image/png'), 422, 'invalid_image');
  for (const declare of [true, false]) {
    const big = await oversizedUpload(s, path('mark'), token, 5 * 1024 * 1024 + 1, declare);
    t.is(big.status, 422, JSON.stringify(big.body));
    t.is(big.body.error.code, 'invalid_image');
    t.regex(big.body.error.message, /5 MB/);
  }
  assertError(t, await putSample(s, path('logo'), token, 'sample.png'), 422, 'invalid_parameter', 'variant');
  t.deepEqual(Object.values((await s.call('GET', '/branding', { token })).body.images), [null, null, null, null], 'nothing was stored');
});

serverTest('a new image replaces the old one: the old URL stops working', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const first = (await putSample(s, path('mark'), token, 'sample.png')).body.images.mark;
  const second = (await putSample(s, path('mark'), token, 'sample.jpeg')).body.images.mark;
  t.not(first, second);
  t.is((await fetchImage(s, first)).status, 404);
  t.is((await fetchImage(s, second)).status, 200);
  t.is((await fetchImage(s, '/v1/public/images/img_000000000000000000000000')).status, 404);
  t.is((await fetchImage(s, '/v1/public/images/nope')).status, 404);
});

serverTest('DELETE removes the image and answers the brand; removing an unset image changes nothing', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const url = (await putSample(s, path('wordmark'), token, 'sample.webp')).body.images.wordmark;
  const before = (await s.call('GET', '/branding', { token })).body;
  s.clock.advance(60_000);
  const removed = await s.call('DELETE', path('wordmark'), { token });
  t.is(removed.status, 200);
  t.is(removed.body.object, 'brand');
  t.is(removed.body.images.wordmark, null);
  t.is((await fetchImage(s, url)).status, 404);
  const again = await s.call('DELETE', path('wordmark'), { token });
  t.is(again.status, 200);
  t.deepEqual(again.body, removed.body, 'nothing changed');
  const unset = await s.call('DELETE', path('mark'), { token });
  t.deepEqual(unset.body.images, { ...before.images, wordmark: null });
  assertError(t, await s.call('DELETE', path('banner'), { token }), 422, 'invalid_parameter', 'variant');
});

serverTest('login-background switches the sign-in page to the photo; removing it falls back to the earlier choice', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const patch = (loginBackground: unknown) => s.call('PATCH', '/branding', { token, body: { loginBackground } });
  await patch({ kind: 'color', color: '#1a2b3c', logo: 'dark' });
  const up = await putSample(s, path('login-background'), token, 'sample.jpeg');
  t.deepEqual(up.body.loginBackground, { kind: 'image', preset: null, color: null, logo: 'dark' });
  const down = await s.call('DELETE', path('login-background'), { token });
  t.deepEqual(down.body.loginBackground, { kind: 'color', preset: null, color: '#1a2b3c', logo: 'dark' }, 'back to the colour');

  await patch({ kind: 'preset', preset: 'meadow' });
  await putSample(s, path('login-background'), token, 'sample.jpeg');
  await putSample(s, path('login-background'), token, 'sample.png');
  t.is((await patch({ kind: 'color', color: '#ffffff' })).body.loginBackground.kind, 'color');
  t.is((await patch({ kind: 'image' })).body.loginBackground.kind, 'image', 'the photo can be chosen again while uploaded');
  t.deepEqual((await s.call('DELETE', path('login-background'), { token })).body.loginBackground,
    { kind: 'color', preset: null, color: '#ffffff', logo: 'dark' }, 'back to the choice made before the photo was shown');

  await patch(null);
  await putSample(s, path('login-background'), token, 'sample.jpeg');
  t.is((await s.call('DELETE', path('login-background'), { token })).body.loginBackground, null, 'back to the default');
});

serverTest('narrowed callers, missing scope and personal spaces are refused before anything is stored', async (t, s) => {
  const { narrowed, memberApp, readOnly, ownerApp } = s.fixture.tokens;
  for (const token of [narrowed, memberApp]) assertError(t, await putSample(s, path('mark'), token, 'sample.png'), 422, 'capability_unsupported', 'domainAllowlist');
  assertError(t, await putSample(s, path('mark'), readOnly, 'sample.png'), 403, 'insufficient_scope');
  await openPersonalSpace(s, ownerApp);
  assertError(t, await putSample(s, path('mark'), ownerApp, 'sample.png'), 409, 'branding_unavailable');
  assertError(t, await putSample(s, path('mark'), ownerApp, 'animated.gif'), 422, 'invalid_image');
  t.is((await s.call('GET', '/branding', { token: s.fixture.tokens.owner })).body.images.mark, null);
});

serverTest('502 image_not_stored when the blob store fails; nothing changes', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const blobs = join(s.service.config.dataDir, 'blobs');
  rmSync(blobs, { recursive: true, force: true });
  writeFileSync(blobs, 'not a directory');
  assertError(t, await putSample(s, path('mark'), token, 'sample.png'), 502, 'image_not_stored');
  t.is((await s.call('GET', '/branding', { token })).body.images.mark, null);
});
