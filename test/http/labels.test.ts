import type { ExecutionContext } from 'ava';
import { openDatabase } from '../../adapters/knex/connect.ts';
import { createKnexStore } from '../../adapters/knex/store.knex.ts';
import { assertError, serverTest, type TestServer } from '../support/server.ts';

const BLACK = '#000000';
const WHITE = '#FFFFFF';

const create = (s: TestServer, body: unknown, token = s.fixture.tokens.owner) => s.call('POST', '/labels', { token, body });
const patch = (s: TestServer, id: string, body: unknown, token = s.fixture.tokens.owner) =>
  s.call('PATCH', `/labels/${encodeURIComponent(id)}`, { token, body });
const get = (s: TestServer, id: string, token = s.fixture.tokens.owner) => s.call('GET', `/labels/${encodeURIComponent(id)}`, { token });

async function made(t: ExecutionContext, s: TestServer, body: unknown, token?: string) {
  const res = await create(s, body, token);
  t.is(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

/** No thread endpoints exist yet: put labels on threads straight through the store, as the threads area will. */
async function labelThreads(s: TestServer, labelId: string, threadIds: string[]): Promise<void> {
  const db = await openDatabase(s.service.config.db);
  try {
    const store = createKnexStore(db.knex);
    for (const thread of threadIds) await store.labels.addToThread(s.fixture.ids.workspace, thread, labelId);
  } finally {
    await db.close();
  }
}

serverTest('create: 201 with the derived id, trimmed name, computed text colour; reads show the same', async (t, s) => {
  const label = await made(t, s, { name: '  café  crème ', color: { backgroundColor: '#fff', textColor: '#FFFFFF' } });
  t.deepEqual(label, {
    id: 'USER_CAFÉ_CRÈME', object: 'label', name: 'café  crème', color: { backgroundColor: '#FFF', textColor: BLACK },
    threadCount: 0, aiInstructions: null, aiEnabled: false, createdAt: '2026-11-22T10:00:00.000Z', updatedAt: '2026-11-22T10:00:00.000Z',
  });
  t.deepEqual((await get(s, 'USER_CAFÉ_CRÈME')).body, label);
  const dark = await made(t, s, { name: 'Night', color: { backgroundColor: '#1f2937aa' } });
  t.deepEqual(dark.color, { backgroundColor: '#1F2937AA', textColor: WHITE });
  const plain = await made(t, s, { name: 'Plain', color: null });
  t.is(plain.color, null);
  const gradient = await made(t, s, { name: 'Warm', color: { backgroundColor: 'gradient:sunset' } });
  const palette = (await s.call('GET', '/labels/colors', { token: s.fixture.tokens.owner })).body as Array<{ value: string; textColor: string }>;
  t.deepEqual(gradient.color, { backgroundColor: 'gradient:sunset', textColor: palette.find((p) => p.value === 'gradient:sunset')!.textColor });
});

serverTest('get: id matched exactly and case-sensitively; system ids and other workspaces are 404', async (t, s) => {
  await made(t, s, { name: 'Work' });
  t.is((await get(s, 'USER_WORK')).status, 200);
  // Any character may sit in a name, so ids travel percent-encoded.
  const odd = await made(t, s, { name: 'Clients/2026 ?#%' });
  t.is(odd.id, 'USER_CLIENTS/2026_?#%');
  t.deepEqual((await get(s, odd.id)).body, odd);
  for (const id of ['user_work', 'USER_Work', 'WORK', 'INBOX', 'STARRED', 'UNREAD', 'TRASH', 'USER_NOPE', 'x'.repeat(1000)]) {
    assertError(t, await get(s, id), 404, 'resource_not_found', 'id');
  }
  assertError(t, await get(s, 'USER_WORK', s.fixture.tokens.other), 404, 'resource_not_found');
  assertError(t, await patch(s, 'USER_WORK', { name: 'x' }, s.fixture.tokens.other), 404, 'resource_not_found');
  assertError(t, await s.call('DELETE', '/labels/USER_WORK', { token: s.fixture.tokens.other }), 404, 'resource_not_found');
  assertError(t, await s.call('DELETE', '/labels/INBOX', { token: s.fixture.tokens.owner }), 404, 'resource_not_found');
  t.is((await get(s, 'USER_WORK')).status, 200);
});

serverTest('create validation: name 1 to 225 after trimming, instructions up to 500, colour forms', async (t, s) => {
  const bad = async (body: unknown, param: string, code = 'invalid_parameter') => assertError(t, await create(s, body), 422, code, param);
  await bad({}, 'name');
  await bad({ name: '' }, 'name');
  await bad({ name: '  \t ' }, 'name');
  await bad({ name: 'x'.repeat(226) }, 'name');
  await bad({ name: 5 }, 'name');
  await bad({ name: 'a\u0000b' }, 'name');
  await bad({ name: 'x', aiInstructions: 'y'.repeat(501) }, 'aiInstructions');
  await bad({ name: 'x', aiEnabled: 'yes' }, 'aiEnabled');
  for (const backgroundColor of ['#ab', '#abcde', 'red', '#GGG', 'gradient:nope', `#${'a'.repeat(40)}`, 7]) {
    await bad({ name: 'x', color: { backgroundColor } }, 'color.backgroundColor');
  }
  await bad({ name: 'x', color: {} }, 'color.backgroundColor');
  await bad({ name: 'x', color: '#fff' }, 'color');
  await bad({ name: 'x', color: { backgroundColor: '#fff', border: 'none' } }, 'color.border', 'unknown_parameter');
  await bad({ name: 'x', id: 'USER_Y' }, 'id', 'unknown_parameter');
  t.is((await s.call('GET', '/labels', { token: s.fixture.tokens.owner })).body.items.length, 0, 'nothing was made');
  t.is((await made(t, s, { name: 'é'.repeat(225), aiInstructions: 'y'.repeat(500) })).name.length, 225);
  for (const backgroundColor of ['#abc', '#abcd', '#aabbcc', '#aabbccdd']) {
    t.is((await made(t, s, { name: `c ${backgroundColor}`, color: { backgroundColor } })).color.backgroundColor, backgroundColor.toUpperCase());
  }
});

serverTest('409 label_name_taken: the same name ignoring case, or a derived id already held', async (t, s) => {
  await made(t, s, { name: 'Work' });
  assertError(t, await create(s, { name: 'WORK' }), 409, 'label_name_taken', 'name');
  assertError(t, await create(s, { name: ' work ' }), 409, 'label_name_taken', 'name');
  await made(t, s, { name: 'to do' });
  assertError(t, await create(s, { name: 'to   do' }), 409, 'label_name_taken', 'name');
  // A label keeps its id after a rename, so its first name's id stays taken.
  const renamed = await patch(s, 'USER_WORK', { name: 'Jobs' });
  t.is(renamed.status, 200);
  t.is(renamed.body.id, 'USER_WORK');
  assertError(t, await create(s, { name: 'work' }), 409, 'label_name_taken', 'name');
  assertError(t, await create(s, { name: 'jobs' }), 409, 'label_name_taken', 'name');
  // The same label in another workspace is no clash.
  t.is((await create(s, { name: 'Work' }, s.fixture.tokens.other)).status, 201);
  // After a delete, both its name and its id are free again.
  t.is((await s.call('DELETE', '/labels/USER_WORK', { token: s.fixture.tokens.owner })).status, 200);
  t.is((await made(t, s, { name: 'jobs' })).id, 'USER_JOBS');
  t.is((await made(t, s, { name: 'work' })).id, 'USER_WORK');
});

serverTest('patch renames: same conflict rules; a case-only rename of itself is fine; the id never changes', async (t, s) => {
  await made(t, s, { name: 'Home' });
  await made(t, s, { name: 'Work' });
  assertError(t, await patch(s, 'USER_HOME', { name: 'wORK' }), 409, 'label_name_taken', 'name');
  await patch(s, 'USER_WORK', { name: 'Office' });
  assertError(t, await patch(s, 'USER_HOME', { name: 'work' }), 409, 'label_name_taken', 'name');
  t.is((await get(s, 'USER_HOME')).body.name, 'Home', 'nothing changed');
  const recased = await patch(s, 'USER_HOME', { name: 'HOME' });
  t.deepEqual([recased.status, recased.body.id, recased.body.name], [200, 'USER_HOME', 'HOME']);
  const back = await patch(s, 'USER_WORK', { name: 'work' });
  t.deepEqual([back.status, back.body.id], [200, 'USER_WORK']);
  assertError(t, await patch(s, 'USER_HOME', { name: '' }), 422, 'invalid_parameter', 'name');
  assertError(t, await patch(s, 'USER_HOME', { name: null }), 422, 'invalid_parameter', 'name');
});

serverTest('patch: none of the fields is 422; colour clears on null or an empty background; updatedAt moves', async (t, s) => {
  const label = await made(t, s, { name: 'Work', color: { backgroundColor: '#000' } });
  assertError(t, await patch(s, 'USER_WORK', {}), 422, 'invalid_parameter', null);
  assertError(t, await patch(s, 'USER_WORK', { id: 'USER_X' }), 422, 'unknown_parameter', 'id');
  s.clock.advance(60_000);
  const recoloured = await patch(s, 'USER_WORK', { color: { backgroundColor: 'gradient:ocean', textColor: '#123456' } });
  t.is(recoloured.body.color.backgroundColor, 'gradient:ocean');
  t.not(recoloured.body.color.textColor, '#123456');
  t.is(recoloured.body.updatedAt, '2026-11-22T10:01:00.000Z');
  t.is(recoloured.body.createdAt, label.createdAt);
  t.is((await patch(s, 'USER_WORK', { color: null })).body.color, null);
  await patch(s, 'USER_WORK', { color: { backgroundColor: '#fff' } });
  t.is((await patch(s, 'USER_WORK', { color: { backgroundColor: '' } })).body.color, null);
  assertError(t, await patch(s, 'USER_WORK', { color: { backgroundColor: 'blue' } }), 422, 'invalid_parameter', 'color.backgroundColor');
  assertError(t, await patch(s, 'USER_NOPE', { name: 'x' }), 404, 'resource_not_found', 'id');
  t.deepEqual((await get(s, 'USER_WORK')).body, (await patch(s, 'USER_WORK', { color: null })).body);
});

serverTest('AI fields: instructions turn AI on by default; null instructions clear them and turn AI off', async (t, s) => {
  const ai = await made(t, s, { name: 'Receipts', aiInstructions: '  Receipts from shops  ' });
  t.deepEqual([ai.aiInstructions, ai.aiEnabled], ['Receipts from shops', true]);
  const off = await made(t, s, { name: 'Drafted', aiInstructions: 'Later', aiEnabled: false });
  t.deepEqual([off.aiInstructions, off.aiEnabled], ['Later', false]);
  const cleared = await patch(s, 'USER_RECEIPTS', { aiInstructions: null });
  t.deepEqual([cleared.body.aiInstructions, cleared.body.aiEnabled], [null, false]);
  t.true((await patch(s, 'USER_RECEIPTS', { aiEnabled: true })).body.aiEnabled);
  assertError(t, await patch(s, 'USER_RECEIPTS', { aiInstructions: null, aiEnabled: true }), 422, 'invalid_parameter', 'aiEnabled');
  assertError(t, await patch(s, 'USER_RECEIPTS', { aiInstructions: 'x'.repeat(501) }), 422, 'invalid_parameter', 'aiInstructions');
  const kept = await patch(s, 'USER_DRAFTED', { aiInstructions: 'Newsletters' });
  t.deepEqual([kept.body.aiInstructions, kept.body.aiEnabled], ['Newsletters', false]);
});

serverTest('403 plan_required: AI labels need a paid plan; plain labels are fine on Free', async (t, s) => {
  const free = s.fixture.tokens.other;
  assertError(t, await create(s, { name: 'Smart', aiEnabled: true }, free), 403, 'plan_required', 'aiEnabled');
  assertError(t, await create(s, { name: 'Smart', aiInstructions: 'Receipts', aiEnabled: false }, free), 403, 'plan_required', 'aiInstructions');
  t.is((await s.call('GET', '/labels', { token: free })).body.items.length, 0);
  await made(t, s, { name: 'Plain', aiEnabled: false, aiInstructions: null }, free);
  assertError(t, await patch(s, 'USER_PLAIN', { aiEnabled: true }, free), 403, 'plan_required', 'aiEnabled');
  assertError(t, await patch(s, 'USER_PLAIN', { aiInstructions: 'Receipts' }, free), 403, 'plan_required', 'aiInstructions');
  t.is((await patch(s, 'USER_PLAIN', { aiEnabled: false, name: 'Plainer' }, free)).status, 200);
  t.is((await get(s, 'USER_PLAIN', free)).body.aiEnabled, false);
  t.is((await create(s, { name: 'Smart', aiEnabled: true })).status, 201, 'the Starter workspace may');
});

serverTest('422 ai_label_limit_reached past 10 AI-enabled labels, on create and on switching AI on', async (t, s) => {
  for (let i = 0; i < 10; i++) await made(t, s, { name: `ai ${i}`, aiEnabled: true });
  assertError(t, await create(s, { name: 'ai 10', aiEnabled: true }), 422, 'ai_label_limit_reached', 'aiEnabled');
  assertError(t, await create(s, { name: 'ai 10', aiInstructions: 'x' }), 422, 'ai_label_limit_reached', 'aiEnabled');
  await made(t, s, { name: 'waiting', aiInstructions: 'x', aiEnabled: false });
  assertError(t, await patch(s, 'USER_WAITING', { aiEnabled: true }), 422, 'ai_label_limit_reached', 'aiEnabled');
  t.is((await patch(s, 'USER_AI_3', { aiEnabled: true, name: 'ai three' })).status, 200, 'an AI label already on is not counted twice');
  t.is((await patch(s, 'USER_AI_3', { aiInstructions: null })).body.aiEnabled, false);
  t.true((await patch(s, 'USER_WAITING', { aiEnabled: true })).body.aiEnabled);
});

serverTest('422 label_limit_reached on name past 50 user labels; a delete makes room', async (t, s) => {
  for (let i = 0; i < 46; i++) await made(t, s, { name: `label ${String(i).padStart(2, '0')}` });
  // Creates racing for the last places: exactly as many succeed as there is room for.
  const racing = await Promise.all([46, 47, 48, 49, 50, 51, 52, 53].map((i) => create(s, { name: `label ${i}` })));
  t.is(racing.filter((r) => r.status === 201).length, 4, JSON.stringify(racing.map((r) => r.status)));
  for (const r of racing.filter((x) => x.status !== 201)) assertError(t, r, 422, 'label_limit_reached', 'name');
  t.is((await s.call('GET', '/labels?limit=100', { token: s.fixture.tokens.owner })).body.items.length, 50);
  assertError(t, await create(s, { name: 'one more' }), 422, 'label_limit_reached', 'name');
  t.is((await create(s, { name: 'Other workspace' }, s.fixture.tokens.other)).status, 201);
  t.is((await s.call('DELETE', '/labels/USER_LABEL_07', { token: s.fixture.tokens.owner })).status, 200);
  t.is((await create(s, { name: 'one more' })).status, 201);
});

serverTest('delete: takes the label off every thread; threadCount is counted at read time', async (t, s) => {
  await made(t, s, { name: 'Work' });
  await made(t, s, { name: 'Home' });
  await labelThreads(s, 'USER_WORK', ['thr_1', 'thr_2', 'thr_3']);
  await labelThreads(s, 'USER_HOME', ['thr_1']);
  t.is((await get(s, 'USER_WORK')).body.threadCount, 3);
  const list = await s.call('GET', '/labels', { token: s.fixture.tokens.owner });
  t.deepEqual(list.body.items.map((l: { id: string; threadCount: number }) => [l.id, l.threadCount]), [['USER_HOME', 1], ['USER_WORK', 3]]);
  const gone = await s.call('DELETE', '/labels/USER_WORK', { token: s.fixture.tokens.owner });
  t.is(gone.status, 200);
  t.deepEqual(gone.body, { object: 'label', id: 'USER_WORK', deleted: true });
  assertError(t, await get(s, 'USER_WORK'), 404, 'resource_not_found');
  assertError(t, await s.call('DELETE', '/labels/USER_WORK', { token: s.fixture.tokens.owner }), 404, 'resource_not_found');
  t.is((await made(t, s, { name: 'work' })).threadCount, 0, 'a new label with the old id is on no thread');
  t.is((await get(s, 'USER_HOME')).body.threadCount, 1);
});

serverTest('list: a page sorted by name then id, walked with cursors', async (t, s) => {
  for (const name of ['banana', 'Zed', 'apple', 'éclair', 'Apple pie']) await made(t, s, { name });
  const token = s.fixture.tokens.owner;
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { body: { items: Array<{ name: string }>; hasMore: boolean; nextCursor: string | null } } =
      await s.call('GET', `/labels?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token });
    names.push(...page.body.items.map((l) => l.name));
    t.is(page.body.hasMore, page.body.nextCursor !== null);
    cursor = page.body.nextCursor;
  } while (cursor);
  t.deepEqual(names, ['Apple pie', 'Zed', 'apple', 'banana', 'éclair']);
  assertError(t, await s.call('GET', '/labels?limit=0', { token }), 422, 'invalid_parameter', 'limit');
  assertError(t, await s.call('GET', '/labels?cursor=nope', { token }), 400, 'invalid_cursor', 'cursor');
  const keysCursor = (await s.call('GET', '/keys?limit=1', { token })).body.nextCursor;
  assertError(t, await s.call('GET', `/labels?cursor=${encodeURIComponent(keysCursor)}`, { token }), 400, 'invalid_cursor', 'cursor');
  t.deepEqual((await s.call('GET', '/labels', { token: s.fixture.tokens.other })).body.items, [], 'only the caller\'s workspace');
});

serverTest('colors: the palette as a bare array of 14 solid colours and 7 gradients', async (t, s) => {
  const res = await s.call('GET', '/labels/colors', { token: s.fixture.tokens.owner });
  t.is(res.status, 200);
  t.true(Array.isArray(res.body));
  const solids = res.body.filter((c: { value: string }) => c.value.startsWith('#'));
  const gradients = res.body.filter((c: { value: string }) => c.value.startsWith('gradient:'));
  t.deepEqual([solids.length, gradients.length, res.body.length], [14, 7, 21]);
  for (const c of solids) t.deepEqual(Object.keys(c).sort(), ['textColor', 'value']);
  for (const c of gradients) t.deepEqual(Object.keys(c).sort(), ['from', 'solid', 'textColor', 'to', 'value']);
  for (const c of res.body) t.true([BLACK, WHITE].includes(c.textColor));
  // Every palette entry is accepted as a label colour.
  for (const [i, c] of res.body.entries()) t.is((await made(t, s, { name: `p${i}`, color: { backgroundColor: c.value } })).color.textColor, c.textColor);
});

serverTest('scopes: labels:read to read, labels:write to change', async (t, s) => {
  const readOnly = s.fixture.tokens.readOnly;
  for (const [method, path] of [['GET', '/labels'], ['GET', '/labels/colors'], ['GET', '/labels/USER_X']]) {
    assertError(t, await s.call(method!, path!, { token: readOnly }), 403, 'insufficient_scope');
  }
  assertError(t, await create(s, { name: 'x' }, readOnly), 403, 'insufficient_scope');
  assertError(t, await patch(s, 'USER_X', { name: 'y' }, readOnly), 403, 'insufficient_scope');
  assertError(t, await s.call('DELETE', '/labels/USER_X', { token: readOnly }), 403, 'insufficient_scope');
  assertError(t, await s.call('GET', '/labels'), 401, 'missing_api_key');
});
