import { assertError, serverTest, type TestServer } from '../support/server.ts';

const HTML = '<p><b>Jane Doe</b> · <a href="https://acme.test">acme.test</a></p>';
const ID = /^sig_[0-9a-f]{24}$/;

const make = (s: TestServer, body: Record<string, unknown>, token = s.fixture.tokens.owner) =>
  s.call('POST', '/signatures', { token, body: { html: HTML, ...body } });
const read = async (s: TestServer, id: string) => (await s.call('GET', `/signatures/${id}`, { token: s.fixture.tokens.owner })).body;
const flags = (sig: { isDefault: boolean; isReplyDefault: boolean }) => [sig.isDefault, sig.isReplyDefault];
/** Every signature the owner sees on one address, oldest first. */
const onAddress = async (s: TestServer, address: string) =>
  (await s.call('GET', `/signatures?limit=100&address=${encodeURIComponent(address)}`, { token: s.fixture.tokens.owner })).body.items;

serverTest('create: 201 with every field; the first of an address holds both defaults; a read shows the same', async (t, s) => {
  const made = await make(s, { address: ' HELLO@Acme.Test ', name: '  Work  ' });
  t.is(made.status, 201, JSON.stringify(made.body));
  const sig = made.body;
  t.regex(sig.id, ID);
  t.like(sig, { object: 'signature', address: 'hello@acme.test', name: 'Work', html: HTML, isDefault: true, isReplyDefault: true });
  t.is(sig.createdAt, '2026-11-22T10:00:00.000Z');
  t.is(sig.updatedAt, sig.createdAt);
  t.deepEqual(await read(s, sig.id), sig);
});

serverTest('create flags: first takes both unless false; a later one only when asked, taking the place from the holder', async (t, s) => {
  const first = (await make(s, { address: 'hello@acme.test', name: 'A', isDefault: false })).body;
  t.deepEqual(flags(first), [false, true]);
  const second = (await make(s, { address: 'hello@acme.test', name: 'B' })).body;
  t.deepEqual(flags(second), [false, false]);
  const third = (await make(s, { address: 'hello@acme.test', name: 'C', isDefault: true, isReplyDefault: true })).body;
  t.deepEqual(flags(third), [true, true]);
  t.deepEqual(flags(await read(s, first.id)), [false, false]);
  t.deepEqual(flags(await read(s, second.id)), [false, false]);
  const fourth = (await make(s, { address: 'hello@acme.test', name: 'D', isReplyDefault: true, isDefault: false })).body;
  t.deepEqual(flags(fourth), [false, true]);
  t.deepEqual(flags(await read(s, third.id)), [true, false]);
  const both = (await make(s, { address: 'sales@acme.test', name: 'none', isDefault: false, isReplyDefault: false })).body;
  t.deepEqual(flags(both), [false, false]);
});

serverTest('create address: any created address (disabled too) or a catch-all of a verified domain with catch-all on', async (t, s) => {
  t.is((await make(s, { address: 'old@acme.test', name: 'x' })).status, 201);
  t.is((await make(s, { address: 'news@beta.test', name: 'x' })).status, 201);
  const catchAll = await make(s, { address: '*@ACME.test', name: 'x' });
  t.is(catchAll.status, 201);
  t.is(catchAll.body.address, '*@acme.test');
  for (const address of ['*@beta.test', '*@other.test', 'nobody@acme.test', 'hi@other.test', 'not-an-address', '@acme.test', '*@', 'a@b@acme.test', '']) {
    assertError(t, await make(s, { address, name: 'x' }), 422, 'invalid_parameter', 'address');
  }
});

serverTest('create name: trimmed 1 to 80, unique on its address ignoring case', async (t, s) => {
  for (const name of ['', '   ', 'x'.repeat(81), 'tab\there']) {
    assertError(t, await make(s, { address: 'hello@acme.test', name }), 422, 'invalid_parameter', 'name');
  }
  t.is((await make(s, { address: 'hello@acme.test', name: ` ${'x'.repeat(80)} ` })).status, 201);
  t.is((await make(s, { address: 'hello@acme.test', name: 'Café Work' })).status, 201);
  assertError(t, await make(s, { address: 'hello@acme.test', name: 'CAFÉ WORK' }), 409, 'signature_name_taken', 'name');
  t.is((await make(s, { address: 'sales@acme.test', name: 'café work' })).status, 201);
  t.is((await onAddress(s, 'hello@acme.test')).length, 2);
});

serverTest('create html: sanitised, at most 150,000 characters before and after, must keep text or an image', async (t, s) => {
  const bad = async (html: string) => assertError(t, await make(s, { address: 'hello@acme.test', name: 'x', html }), 422, 'invalid_parameter', 'html');
  await bad(`<p>${'a'.repeat(150_000)}</p>`);
  await bad('&'.repeat(100_000)); // 100,000 characters that are 500,000 once written as `&amp;`
  await bad('<script>alert(1)</script>');
  await bad('<p>&nbsp;</p><div> </div>');
  await bad('<img src="javascript:alert(1)">');
  await bad('<img src=x onerror=alert(1)>');
  const full = await make(s, { address: 'hello@acme.test', name: 'max', html: `<p>${'a'.repeat(150_000 - 7)}</p>` });
  t.is(full.status, 201);
  const image = await make(s, { address: 'hello@acme.test', name: 'logo', html: '<img src="https://acme.test/logo.png" alt="">' });
  t.is(image.status, 201);
  const dirty = await make(s, { address: 'hello@acme.test', name: 'dirty', html: '<b onclick="x()">Jane</b><script>alert(1)</script><a href="javascript:alert(1)">l</a>' });
  t.is(dirty.body.html, '<b>Jane</b><a>l</a>');
  t.is((await read(s, dirty.body.id)).html, '<b>Jane</b><a>l</a>');
});

serverTest('create: 50 signatures per address, then 422 signature_limit_reached', async (t, s) => {
  for (let i = 0; i < 50; i++) t.is((await make(s, { address: 'hello@acme.test', name: `n${i}` })).status, 201);
  assertError(t, await make(s, { address: 'hello@acme.test', name: 'one more' }), 422, 'signature_limit_reached', 'address');
  t.is((await make(s, { address: 'sales@acme.test', name: 'one more' })).status, 201);
  t.is((await onAddress(s, 'hello@acme.test')).length, 50);
});

serverTest('create by a narrowed caller: only inside its holdings, else 422 capability_unsupported', async (t, s) => {
  const { narrowed, domainKey, memberApp } = s.fixture.tokens;
  t.is((await make(s, { address: 'hello@acme.test', name: 'mine' }, narrowed)).status, 201);
  for (const address of ['sales@acme.test', '*@acme.test', 'news@beta.test']) {
    assertError(t, await make(s, { address, name: 'x' }, narrowed), 422, 'capability_unsupported', 'address');
  }
  assertError(t, await make(s, { address: 'sales@acme.test', name: 'x' }, memberApp), 422, 'capability_unsupported', 'address');
  t.is((await make(s, { address: '*@acme.test', name: 'domain' }, domainKey)).status, 201);
  t.is((await make(s, { address: 'sales@acme.test', name: 'domain' }, domainKey)).status, 201);
  assertError(t, await make(s, { address: 'news@beta.test', name: 'x' }, domainKey), 422, 'capability_unsupported', 'address');
  t.is((await onAddress(s, 'sales@acme.test')).length, 1);
});

serverTest('scopes: settings:read to read, settings:write to change', async (t, s) => {
  const sig = (await make(s, { address: 'hello@acme.test', name: 'x' })).body;
  const sendOnly = (await s.call('POST', '/keys', { token: s.fixture.tokens.owner, body: { name: 'send', scopes: ['emails:send'] } })).body.token;
  assertError(t, await s.call('GET', '/signatures', { token: sendOnly }), 403, 'insufficient_scope');
  assertError(t, await s.call('GET', `/signatures/${sig.id}`, { token: sendOnly }), 403, 'insufficient_scope');
  const { readOnly } = s.fixture.tokens;
  t.is((await s.call('GET', '/signatures', { token: readOnly })).status, 200);
  t.is((await s.call('GET', `/signatures/${sig.id}`, { token: readOnly })).status, 200);
  assertError(t, await make(s, { address: 'hello@acme.test', name: 'y' }, readOnly), 403, 'insufficient_scope');
  assertError(t, await s.call('PATCH', `/signatures/${sig.id}`, { token: readOnly, body: { name: 'z' } }), 403, 'insufficient_scope');
  assertError(t, await s.call('DELETE', `/signatures/${sig.id}`, { token: readOnly }), 403, 'insufficient_scope');
  assertError(t, await s.call('POST', `/signatures/${sig.id}/copy`, { token: readOnly, body: { addresses: ['sales@acme.test'] } }), 403, 'insufficient_scope');
});

serverTest('list: by address then oldest first, paged with cursors, filtered by one address or a catch-all', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  const made: Record<string, string> = {};
  for (const [address, name] of [['sales@acme.test', 's1'], ['hello@acme.test', 'h1'], ['*@acme.test', 'c1'], ['hello@acme.test', 'h2'], ['news@beta.test', 'n1'], ['sales@acme.test', 's2']]) {
    s.clock.advance(1000);
    made[name!] = (await make(s, { address, name })).body.id;
  }
  const all = await s.call('GET', '/signatures', { token: owner });
  t.deepEqual(all.body.items.map((x: { name: string }) => x.name), ['c1', 'h1', 'h2', 'n1', 's1', 's2']);
  t.like(all.body, { hasMore: false, nextCursor: null });
  const walked: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { body: { items: Array<{ name: string }>; nextCursor: string | null } } =
      await s.call('GET', `/signatures?limit=4${cursor ? `&cursor=${cursor}` : ''}`, { token: owner });
    walked.push(...page.body.items.map((x) => x.name));
    if (cursor === null) await s.call('DELETE', `/signatures/${made.h2}`, { token: owner }); // a delete mid-walk breaks nothing
    cursor = page.body.nextCursor;
  } while (cursor);
  t.deepEqual(walked, ['c1', 'h1', 'h2', 'n1', 's1', 's2']);
  t.deepEqual((await onAddress(s, 'SALES@acme.test')).map((x: { name: string }) => x.name), ['s1', 's2']);
  t.deepEqual((await onAddress(s, '*@acme.test')).map((x: { name: string }) => x.name), ['c1']);
  t.deepEqual(await onAddress(s, 'old@acme.test'), []);
  for (const address of ['@acme.test', 'nope', '*@', 'a@@acme.test']) {
    assertError(t, await s.call('GET', `/signatures?address=${encodeURIComponent(address)}`, { token: owner }), 422, 'invalid_parameter', 'address');
  }
  assertError(t, await s.call('GET', '/signatures?cursor=forged.cursor', { token: owner }), 400, 'invalid_cursor');
  assertError(t, await s.call('GET', '/signatures?limit=0', { token: owner }), 422, 'invalid_parameter', 'limit');
  t.deepEqual((await s.call('GET', '/signatures', { token: s.fixture.tokens.other })).body.items, []);
});

serverTest('list by a narrowed caller: held addresses only; catch-all rows only with the whole domain', async (t, s) => {
  for (const [address, name] of [['hello@acme.test', 'h'], ['sales@acme.test', 's'], ['*@acme.test', 'c'], ['news@beta.test', 'n']]) {
    await make(s, { address, name });
  }
  const names = async (token: string, query = '') => (await s.call('GET', `/signatures${query}`, { token })).body.items.map((x: { name: string }) => x.name);
  const { narrowed, domainKey, memberApp } = s.fixture.tokens;
  t.deepEqual(await names(narrowed), ['h']);
  t.deepEqual(await names(memberApp), ['h']);
  t.deepEqual(await names(narrowed, '?address=sales@acme.test'), []);
  t.deepEqual(await names(narrowed, '?address=*@acme.test'), []);
  t.deepEqual(await names(domainKey), ['c', 'h', 's']);
  t.deepEqual(await names(domainKey, '?address=*@acme.test'), ['c']);
});

serverTest('get: 404 resource_not_found when missing, malformed, in another workspace or out of reach', async (t, s) => {
  const sales = (await make(s, { address: 'sales@acme.test', name: 'x' })).body;
  const catchAll = (await make(s, { address: '*@acme.test', name: 'x' })).body;
  const { owner, narrowed, other, domainKey } = s.fixture.tokens;
  assertError(t, await s.call('GET', '/signatures/sig_000000000000000000000000', { token: owner }), 404, 'resource_not_found');
  assertError(t, await s.call('GET', '/signatures/nonsense', { token: owner }), 404, 'resource_not_found');
  assertError(t, await s.call('GET', `/signatures/${sales.id}`, { token: other }), 404, 'resource_not_found');
  assertError(t, await s.call('GET', `/signatures/${sales.id}`, { token: narrowed }), 404, 'resource_not_found');
  assertError(t, await s.call('GET', `/signatures/${catchAll.id}`, { token: narrowed }), 404, 'resource_not_found');
  t.is((await s.call('GET', `/signatures/${catchAll.id}`, { token: domainKey })).status, 200);
});

serverTest('patch: omitted fields stay; name and html re-checked; empty patch 422; out of reach 404', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  const sig = (await make(s, { address: 'hello@acme.test', name: 'Work' })).body;
  await make(s, { address: 'hello@acme.test', name: 'Home' });
  const patch = (body: unknown, id = sig.id, token = owner) => s.call('PATCH', `/signatures/${id}`, { token, body });
  assertError(t, await patch({}), 422, 'invalid_parameter');
  assertError(t, await patch({ name: ' ' }), 422, 'invalid_parameter', 'name');
  assertError(t, await patch({ name: 'y'.repeat(81) }), 422, 'invalid_parameter', 'name');
  assertError(t, await patch({ html: '<script>x</script>' }), 422, 'invalid_parameter', 'html');
  assertError(t, await patch({ html: `<p>${'a'.repeat(150_001)}</p>` }), 422, 'invalid_parameter', 'html');
  assertError(t, await patch({ name: ' HOME ' }), 409, 'signature_name_taken', 'name');
  assertError(t, await patch({ isDefault: null }), 422, 'invalid_parameter', 'isDefault');
  assertError(t, await patch({ color: 'red' }), 422, 'unknown_parameter', 'color');
  t.deepEqual(await read(s, sig.id), sig);
  s.clock.advance(60_000);
  const renamed = await patch({ name: ' WORK ' });
  t.is(renamed.status, 200, JSON.stringify(renamed.body));
  t.like(renamed.body, { name: 'WORK', html: HTML, isDefault: true, isReplyDefault: true, updatedAt: '2026-11-22T10:01:00.000Z', createdAt: sig.createdAt });
  const rewritten = (await patch({ html: '<i onmouseover="x()">Hi</i><iframe src="https://evil.test"></iframe>' })).body;
  t.like(rewritten, { name: 'WORK', html: '<i>Hi</i>' });
  t.deepEqual(await read(s, sig.id), rewritten);
  const narrowedOut = (await make(s, { address: 'sales@acme.test', name: 'x' })).body;
  assertError(t, await patch({ name: 'n' }, narrowedOut.id, s.fixture.tokens.narrowed), 404, 'resource_not_found');
  assertError(t, await patch({ name: 'n' }, sig.id, s.fixture.tokens.other), 404, 'resource_not_found');
  assertError(t, await patch({ name: 'n' }, 'sig_000000000000000000000000'), 404, 'resource_not_found');
  t.is((await read(s, narrowedOut.id)).name, 'x');
});

serverTest('patch flags: true takes the place from the holder; false empties it only when this one held it', async (t, s) => {
  const a = (await make(s, { address: 'hello@acme.test', name: 'A' })).body;
  s.clock.advance(1000); // so that a lists before b
  const b = (await make(s, { address: 'hello@acme.test', name: 'B' })).body;
  const patch = async (id: string, body: unknown) => (await s.call('PATCH', `/signatures/${id}`, { token: s.fixture.tokens.owner, body })).body;
  t.deepEqual(flags(await patch(b.id, { isDefault: true })), [true, false]);
  t.deepEqual(flags(await read(s, a.id)), [false, true]);
  t.deepEqual(flags(await patch(b.id, { isReplyDefault: true })), [true, true]);
  t.deepEqual(flags(await read(s, a.id)), [false, false]);
  t.deepEqual(flags(await patch(a.id, { isDefault: false })), [false, false]); // not the holder: nothing moves
  t.deepEqual(flags(await read(s, b.id)), [true, true]);
  t.deepEqual(flags(await patch(b.id, { isDefault: false })), [false, true]); // the holder: the place is left empty
  t.deepEqual((await onAddress(s, 'hello@acme.test')).map(flags), [[false, false], [false, true]]);
  t.deepEqual(flags(await patch(a.id, { isDefault: true, isReplyDefault: true })), [true, true]);
  t.deepEqual(flags(await read(s, b.id)), [false, false]);
  const other = (await make(s, { address: 'sales@acme.test', name: 'A' })).body;
  t.deepEqual(flags(other), [true, true]); // places are per address
  t.deepEqual(flags(await read(s, a.id)), [true, true]);
});

serverTest('delete: for good; a default it held stays empty; out of reach 404', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  const a = (await make(s, { address: 'hello@acme.test', name: 'A' })).body;
  const b = (await make(s, { address: 'hello@acme.test', name: 'B' })).body;
  const sales = (await make(s, { address: 'sales@acme.test', name: 'S' })).body;
  assertError(t, await s.call('DELETE', `/signatures/${sales.id}`, { token: s.fixture.tokens.narrowed }), 404, 'resource_not_found');
  assertError(t, await s.call('DELETE', `/signatures/${sales.id}`, { token: s.fixture.tokens.other }), 404, 'resource_not_found');
  const gone = await s.call('DELETE', `/signatures/${a.id}`, { token: owner });
  t.is(gone.status, 200);
  t.deepEqual(gone.body, { object: 'signature', id: a.id, deleted: true });
  assertError(t, await s.call('GET', `/signatures/${a.id}`, { token: owner }), 404, 'resource_not_found');
  assertError(t, await s.call('DELETE', `/signatures/${a.id}`, { token: owner }), 404, 'resource_not_found');
  t.deepEqual(flags(await read(s, b.id)), [false, false]);
  t.is((await read(s, sales.id)).name, 'S');
  t.is((await make(s, { address: 'hello@acme.test', name: 'A' })).status, 201); // the name is free again
});

serverTest('copy: same name (any case) gets the HTML, else a new signature; source skipped; flags; copies independent', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  const source = (await make(s, { address: 'hello@acme.test', name: 'Work', html: '<p>Source</p>' })).body;
  const oldSame = (await make(s, { address: 'old@acme.test', name: 'WORK', html: '<p>Old</p>', isDefault: false, isReplyDefault: false })).body;
  const oldHolder = (await make(s, { address: 'old@acme.test', name: 'Holder', isDefault: true, isReplyDefault: true })).body;
  const newsHolder = (await make(s, { address: 'news@beta.test', name: 'News' })).body;
  s.clock.advance(60_000);
  const copied = await s.call('POST', `/signatures/${source.id}/copy`, {
    token: owner, body: { addresses: ['sales@acme.test', 'OLD@acme.test', 'hello@acme.test', 'news@beta.test', '*@acme.test', 'sales@acme.test'] },
  });
  t.is(copied.status, 200, JSON.stringify(copied.body));
  const data = copied.body.data;
  t.deepEqual(data.map((x: { address: string }) => x.address), ['sales@acme.test', 'old@acme.test', 'news@beta.test', '*@acme.test']);
  for (const copy of data) t.like(copy, { object: 'signature', html: '<p>Source</p>', updatedAt: '2026-11-22T10:01:00.000Z' });
  const [sales, old, news, catchAll] = data;
  t.like(sales, { name: 'Work', isDefault: true, isReplyDefault: true }); // first of its address: both
  t.like(old, { id: oldSame.id, name: 'WORK', isDefault: false, isReplyDefault: false, createdAt: oldSame.createdAt }); // defaults unchanged
  t.deepEqual(flags(await read(s, oldHolder.id)), [true, true]);
  t.like(news, { name: 'Work', isDefault: false, isReplyDefault: false });
  t.deepEqual(flags(await read(s, newsHolder.id)), [true, true]);
  t.like(catchAll, { name: 'Work', isDefault: true, isReplyDefault: true });
  t.not(sales.id, source.id);
  t.regex(sales.id, ID);
  t.is((await onAddress(s, 'hello@acme.test')).length, 1);
  t.is((await onAddress(s, 'sales@acme.test')).length, 1);
  await s.call('PATCH', `/signatures/${source.id}`, { token: owner, body: { html: '<p>Changed</p>' } });
  t.is((await read(s, sales.id)).html, '<p>Source</p>');
  await s.call('DELETE', `/signatures/${source.id}`, { token: owner });
  t.is((await read(s, old.id)).html, '<p>Source</p>');
});

serverTest('copy flags: true takes the place on every target; false keeps an empty address from getting it', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  const source = (await make(s, { address: 'hello@acme.test', name: 'Work' })).body;
  const holder = (await make(s, { address: 'old@acme.test', name: 'Holder' })).body;
  const same = (await make(s, { address: 'news@beta.test', name: 'work', isDefault: false, isReplyDefault: false })).body;
  await make(s, { address: 'news@beta.test', name: 'Other' });
  const copy = async (body: object) => (await s.call('POST', `/signatures/${source.id}/copy`, { token: owner, body })).body.data;
  const [old, news] = await copy({ addresses: ['old@acme.test', 'news@beta.test'], isDefault: true });
  t.deepEqual(flags(old), [true, false]);
  t.deepEqual(flags(await read(s, holder.id)), [false, true]);
  t.like(news, { id: same.id, isDefault: true, isReplyDefault: false });
  const [sales] = await copy({ addresses: ['sales@acme.test'], isDefault: false });
  t.deepEqual(flags(sales), [false, true]);
  const [again] = await copy({ addresses: ['old@acme.test'], isReplyDefault: true });
  t.deepEqual(flags(again), [true, true]);
  t.deepEqual(flags(await read(s, holder.id)), [false, false]);
});

serverTest('copy validation: 1 to 500 targets, each checked with its index; narrowed targets; all or nothing', async (t, s) => {
  const owner = s.fixture.tokens.owner;
  const source = (await make(s, { address: 'hello@acme.test', name: 'Work' })).body;
  const copy = (addresses: unknown, token = owner, id = source.id) => s.call('POST', `/signatures/${id}/copy`, { token, body: { addresses } });
  assertError(t, await copy([]), 422, 'invalid_parameter', 'addresses');
  assertError(t, await copy(Array.from({ length: 501 }, () => 'sales@acme.test')), 422, 'invalid_parameter', 'addresses');
  t.is((await copy(Array.from({ length: 500 }, () => 'sales@acme.test'))).status, 200);
  assertError(t, await copy(['old@acme.test', 'news@beta.test', '@acme.test']), 422, 'invalid_parameter', 'addresses.2');
  assertError(t, await copy(['old@acme.test', 'nobody@acme.test']), 422, 'invalid_parameter', 'addresses.1');
  assertError(t, await copy(['old@acme.test', '*@beta.test']), 422, 'invalid_parameter', 'addresses.1');
  assertError(t, await copy(['old@acme.test', 42]), 422, 'invalid_parameter', 'addresses.1');
  assertError(t, await copy(['hello@acme.test', 'sales@acme.test'], s.fixture.tokens.narrowed), 422, 'capability_unsupported', 'addresses.1');
  assertError(t, await copy(['*@acme.test'], s.fixture.tokens.narrowed), 422, 'capability_unsupported', 'addresses.0');
  assertError(t, await copy(['old@acme.test'], s.fixture.tokens.other), 404, 'resource_not_found');
  const sales = (await s.call('GET', '/signatures?address=sales@acme.test', { token: owner })).body.items[0];
  assertError(t, await copy(['old@acme.test'], s.fixture.tokens.narrowed, sales.id), 404, 'resource_not_found');
  for (let i = 0; i < 50; i++) await make(s, { address: 'news@beta.test', name: `n${i}` });
  assertError(t, await copy(['old@acme.test', 'news@beta.test']), 422, 'signature_limit_reached', 'addresses.1');
  t.deepEqual(await onAddress(s, 'old@acme.test'), []); // the first target was rolled back with the refusal
  t.is((await onAddress(s, 'news@beta.test')).length, 50);
  // Replacing the HTML of a same-name signature adds nothing, so a full address still takes it.
  const n0 = (await onAddress(s, 'news@beta.test'))[0];
  await s.call('PATCH', `/signatures/${n0.id}`, { token: owner, body: { name: 'work' } });
  const replaced = await copy(['news@beta.test']);
  t.is(replaced.status, 200, JSON.stringify(replaced.body));
  t.like(replaced.body.data[0], { id: n0.id, name: 'work', html: HTML });
});

serverTest('concurrent creates on one address: one default, one reply default, one holder of each name', async (t, s) => {
  const names = Array.from({ length: 8 }, (_, i) => `n${i}`);
  const made = await Promise.all(names.map((name) => make(s, { address: 'hello@acme.test', name, isDefault: true, isReplyDefault: true })));
  t.true(made.every((r) => r.status === 201), JSON.stringify(made.map((r) => r.body)));
  const rows = await onAddress(s, 'hello@acme.test');
  t.is(rows.filter((r: { isDefault: boolean }) => r.isDefault).length, 1);
  t.is(rows.filter((r: { isReplyDefault: boolean }) => r.isReplyDefault).length, 1);
  const same = await Promise.all(names.map(() => make(s, { address: 'sales@acme.test', name: 'Same' })));
  t.is(same.filter((r) => r.status === 201).length, 1);
  for (const r of same.filter((x) => x.status !== 201)) assertError(t, r, 409, 'signature_name_taken', 'name');
  t.deepEqual((await onAddress(s, 'sales@acme.test')).map(flags), [[true, true]]);
});
