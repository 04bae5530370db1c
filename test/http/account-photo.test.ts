import { assertError, serverTest, type TestServer } from '../support/server.ts';
import { fetchImage, oversizedUpload, putRaw, putSample, sample } from './branding-kit.ts';

// PUT/DELETE /account/photo, and the shared limit on images processed at once (503 image_busy).

serverTest('PUT /account/photo: png, jpeg, webp, gif stored as WebP fitted in 512 px; answers {url}', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const cases: [string, number, number][] = [['sample.png', 512, 384], ['sample.jpeg', 300, 200], ['sample.webp', 512, 128], ['animated.gif', 512, 256]];
  for (const [file, width, height] of cases) {
    const res = await putSample(s, '/account/photo', token, file);
    t.is(res.status, 200, JSON.stringify(res.body));
    t.deepEqual(Object.keys(res.body), ['url']);
    const image = await fetchImage(s, res.body.url);
    t.is(image.type, 'image/webp');
    t.deepEqual([image.width, image.height], [width, height], file);
  }
  const gif = await fetchImage(s, (await putSample(s, '/account/photo', token, 'animated.gif')).body.url);
  const [r, g, b] = gif.image!.bitmap.data.subarray(0, 3);
  t.true(r! > 200 && g! < 60 && b! < 60, 'the first frame of the animation');
});

serverTest('a new photo replaces the old; DELETE answers {url: null}, removes it, and may be repeated', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const first = (await putSample(s, '/account/photo', token, 'sample.png')).body.url;
  const second = (await putSample(s, '/account/photo', token, 'sample.jpeg')).body.url;
  t.is((await fetchImage(s, first)).status, 404);
  const removed = await s.call('DELETE', '/account/photo', { token });
  t.is(removed.status, 200);
  t.deepEqual(removed.body, { url: null });
  t.is((await fetchImage(s, second)).status, 404);
  t.deepEqual((await s.call('DELETE', '/account/photo', { token })).body, { url: null });
});

serverTest('the photo is the person\'s: a narrowed app of the member sets the member\'s own photo', async (t, s) => {
  const member = await putSample(s, '/account/photo', s.fixture.tokens.memberApp, 'sample.png');
  t.is(member.status, 200);
  const owner = await putSample(s, '/account/photo', s.fixture.tokens.owner, 'sample.jpeg');
  t.not(member.body.url, owner.body.url);
  t.is((await fetchImage(s, member.body.url)).status, 200, 'the owner\'s upload did not replace the member\'s photo');
  assertError(t, await putSample(s, '/account/photo', s.fixture.tokens.readOnly, 'sample.png'), 403, 'insufficient_scope');
  assertError(t, await s.call('DELETE', '/account/photo', { token: s.fixture.tokens.readOnly }), 403, 'insufficient_scope');
});

serverTest('422 invalid_image: SVG, untyped, mislabelled, unreadable, empty, over 5 MB', async (t, s) => {
  const token = s.fixture.tokens.owner;
  assertError(t, await putRaw(s, '/account/photo', token, sample('logo.svg'), 'image/svg+xml'), 422, 'invalid_image');
  assertError(t, await putRaw(s, '/account/photo', token, sample('sample.png'), null), 422, 'invalid_image');
  assertError(t, await putRaw(s, '/account/photo', token, sample('sample.png'), 'text/plain'), 422, 'invalid_image');
  assertError(t, await putRaw(s, '/account/photo', token, sample('sample.jpeg'), 'image/webp'), 422, 'invalid_image');
  assertError(t, await putRaw(s, '/account/photo', token, sample('sample.jpeg').subarray(0, 200), 'image/jpeg'), 422, 'invalid_image');
  assertError(t, await putRaw(s, '/account/photo', token, new Uint8Array(0), 'image/gif'), 422, 'invalid_image');
  for (const declare of [true, false]) {
    const big = await oversizedUpload(s, '/account/photo', token, 5 * 1024 * 1024 + 1, declare);
    t.is(big.status, 422);
    t.is(big.body.error.code, 'invalid_image');
  }
});

/** An upload whose body stays open until `finish` is called: it holds an image slot meanwhile. */
function hangingUpload(s: TestServer, path: string) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start(c) { controller = c; } });
  const response = fetch(s.url + path, {
    method: 'PUT', body, duplex: 'half',
    headers: { authorization: `Bearer ${s.fixture.tokens.owner}`, 'content-type': 'image/png' },
  } as RequestInit & { duplex: 'half' });
  controller.enqueue(new Uint8Array(sample('sample.png').subarray(0, 16)));
  return {
    response,
    finish: () => { controller.enqueue(new Uint8Array(sample('sample.png').subarray(16))); controller.close(); },
  };
}

serverTest('503 image_busy past 4 images in progress at once (photos and brand images share the limit)', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const hanging = [hangingUpload(s, '/account/photo'), hangingUpload(s, '/account/photo'), hangingUpload(s, '/branding/images/mark'), hangingUpload(s, '/branding/images/mark')];
  let busy = null;
  for (let i = 0; i < 100 && !busy; i++) {
    // The four requests reach the server in their own time; wait until they hold every slot.
    const res = await putSample(s, '/account/photo', token, 'sample.png');
    if (res.status === 503) busy = res;
    else await new Promise((r) => setTimeout(r, 20));
  }
  t.truthy(busy, 'a fifth image was refused while four were in progress');
  assertError(t, busy!, 503, 'image_busy');
  assertError(t, await putSample(s, '/branding/images/wordmark', token, 'sample.webp'), 503, 'image_busy');
  for (const h of hanging) h.finish();
  for (const h of hanging) t.is((await h.response).status, 200);
  t.is((await putSample(s, '/account/photo', token, 'sample.png')).status, 200, 'slots are given back');
});
