import { assertError, serverTest, type TestServer } from '../support/server.ts';
import { seed, seededFile, upload } from './files-kit.ts';

const names = (res: { body: { items: Array<{ filename: string }> } }) => res.body.items.map((f) => f.filename);
const list = (s: TestServer, query = '', token = s.fixture.tokens.owner) => s.call('GET', `/files${query}`, { token });

/** Files of every kind and direction over three minutes, plus a deleted one and one in another workspace. */
async function seedMix(s: TestServer) {
  const at = (m: number) => new Date(Date.parse('2026-11-22T09:00:00.000Z') + m * 60_000).toISOString();
  await seed(s, [
    seededFile(s, { filename: 'Photo.PNG', mimeType: 'image/png', sizeBytes: 300, createdAt: at(0), direction: 'inbound', deliveredTo: 'hello@acme.test', usage: 'received' }),
    seededFile(s, { filename: 'contract.pdf', mimeType: 'application/pdf', sizeBytes: 500, createdAt: at(1), direction: 'outbound', deliveredTo: 'sales@acme.test', usage: 'sent' }),
    seededFile(s, { filename: 'song.mp3', mimeType: 'audio/mpeg', sizeBytes: 100, createdAt: at(2), direction: 'uploaded' }),
    seededFile(s, { filename: 'clip.mp4', mimeType: 'video/mp4', sizeBytes: 900, createdAt: at(2), direction: 'inbound', deliveredTo: 'news@beta.test' }),
    seededFile(s, { filename: 'readme.txt', mimeType: 'text/plain; charset=utf-8', sizeBytes: 50, createdAt: at(3), direction: 'uploaded', deliveredTo: 'hello@acme.test' }),
    seededFile(s, { filename: 'archive.zip', mimeType: 'application/zip', sizeBytes: 700, createdAt: at(3), direction: 'uploaded' }),
    seededFile(s, { filename: 'deleted-photo.png', mimeType: 'image/png', sizeBytes: 1, createdAt: at(1), deletedAt: at(4) }),
    seededFile(s, { filename: 'other-photo.png', mimeType: 'image/png', workspaceId: s.fixture.ids.other }),
  ]);
}

serverTest('list filters: q, kind, direction, address, since/until; deleted and other workspaces never listed', async (t, s) => {
  await seedMix(s);
  t.is((await list(s)).body.items.length, 6);
  t.deepEqual(names(await list(s, '?q=PHOTO')), ['Photo.PNG']);
  t.deepEqual(names(await list(s, '?q=%25')), []);
  t.deepEqual(names(await list(s, '?q=_')), []);
  t.deepEqual(names(await list(s, '?q=.p')).sort(), ['Photo.PNG', 'contract.pdf']);
  t.deepEqual(names(await list(s, '?kind=image')), ['Photo.PNG']);
  t.deepEqual(names(await list(s, '?kind=pdf')), ['contract.pdf']);
  t.deepEqual(names(await list(s, '?kind=audio')), ['song.mp3']);
  t.deepEqual(names(await list(s, '?kind=video')), ['clip.mp4']);
  t.deepEqual(names(await list(s, '?kind=text')), ['readme.txt']);
  t.deepEqual(names(await list(s, '?direction=outbound')), ['contract.pdf']);
  t.deepEqual(names(await list(s, '?direction=uploaded&sort=name')), ['archive.zip', 'readme.txt', 'song.mp3']);
  t.deepEqual(names(await list(s, '?address=HELLO@Acme.test&sort=name')), ['Photo.PNG', 'readme.txt']);
  t.deepEqual(names(await list(s, '?since=2026-11-22T09:02:00Z&until=2026-11-22T09:03:00Z&sort=name')), ['clip.mp4', 'song.mp3']);
  t.deepEqual(names(await list(s, '?until=2026-11-22T09:01:00.000Z')), ['Photo.PNG']);
  t.deepEqual(names(await list(s, `?q=${'x'.repeat(200)}`)), []);
  t.deepEqual(names(await list(s, `?address=${'x'.repeat(320)}`)), []);
});

serverTest('list validation: 422 invalid_parameter on the bad filter', async (t, s) => {
  for (const [query, param] of [
    [`?q=${'x'.repeat(201)}`, 'q'], [`?address=${'x'.repeat(321)}`, 'address'], ['?kind=document', 'kind'],
    ['?direction=sideways', 'direction'], ['?sort=random', 'sort'], ['?since=yesterday', 'since'], ['?until=2026-13-45', 'until'],
    ['?since=1', 'since'], ['?limit=0', 'limit'], ['?limit=101', 'limit'], ['?limit=2.5', 'limit'],
  ] as const) {
    assertError(t, await list(s, query), 422, 'invalid_parameter', param);
  }
});

serverTest('list sorts: newest by default, oldest, largest, name; each walks every file once with its cursor', async (t, s) => {
  await seedMix(s);
  const walk = async (sort: string) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(s, `?sort=${sort}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      t.is(res.status, 200, JSON.stringify(res.body));
      seen.push(...names(res));
      cursor = res.body.nextCursor;
      t.is(res.body.hasMore, cursor !== null);
    } while (cursor);
    return seen;
  };
  const newest = await walk('newest');
  t.deepEqual(newest.slice(0, 2).sort(), ['archive.zip', 'readme.txt']);
  t.deepEqual(newest.slice(4), ['contract.pdf', 'Photo.PNG']);
  t.deepEqual(names(await list(s)), names(await list(s, '?sort=newest')));
  const oldest = await walk('oldest');
  t.deepEqual(oldest, [...newest].reverse());
  t.deepEqual(await walk('largest'), ['clip.mp4', 'archive.zip', 'contract.pdf', 'Photo.PNG', 'song.mp3', 'readme.txt']);
  t.deepEqual(await walk('name'), ['archive.zip', 'clip.mp4', 'contract.pdf', 'Photo.PNG', 'readme.txt', 'song.mp3']);
});

serverTest('list cursors are bound to their sort: another sort or a forged cursor is 400 invalid_cursor', async (t, s) => {
  await seedMix(s);
  const first = await list(s, '?sort=largest&limit=1');
  const cursor = encodeURIComponent(first.body.nextCursor);
  t.is((await list(s, `?sort=largest&limit=1&cursor=${cursor}`)).status, 200);
  for (const sort of ['newest', 'oldest', 'name']) {
    assertError(t, await list(s, `?sort=${sort}&cursor=${cursor}`), 400, 'invalid_cursor', 'cursor');
  }
  assertError(t, await list(s, `?cursor=${cursor}`), 400, 'invalid_cursor');
  assertError(t, await list(s, '?cursor=forged.cursor'), 400, 'invalid_cursor');
  const keys = await s.call('GET', '/keys?limit=1', { token: s.fixture.tokens.owner });
  assertError(t, await list(s, `?cursor=${encodeURIComponent(keys.body.nextCursor)}`), 400, 'invalid_cursor');
});

serverTest('list reach: narrowed callers see only files delivered to their addresses, never workspace-wide uploads', async (t, s) => {
  await seedMix(s);
  await upload(s, s.fixture.tokens.narrowed, 'mine', { filename: 'narrowed-upload.txt' });
  t.deepEqual(names(await list(s, '?sort=name', s.fixture.tokens.narrowed)), ['narrowed-upload.txt', 'Photo.PNG', 'readme.txt']);
  t.deepEqual(names(await list(s, '?sort=name', s.fixture.tokens.memberApp)), ['narrowed-upload.txt', 'Photo.PNG', 'readme.txt']);
  t.deepEqual(names(await list(s, '?sort=name', s.fixture.tokens.domainKey)), ['contract.pdf', 'narrowed-upload.txt', 'Photo.PNG', 'readme.txt']);
  t.deepEqual(names(await list(s, '?address=sales@acme.test', s.fixture.tokens.narrowed)), []);
  t.deepEqual(names(await list(s, '', s.fixture.tokens.other)), ['other-photo.png']);
});

serverTest('stats: counts and bytes by kind and direction, upload storage; narrowed count their addresses; deleted excluded', async (t, s) => {
  await seedMix(s);
  const all = (await s.call('GET', '/files/stats', { token: s.fixture.tokens.owner })).body;
  t.is(all.object, 'file_stats');
  t.deepEqual([all.totalFiles, all.totalBytes], [6, 2550]);
  t.deepEqual(all.byKind, {
    image: { count: 1, bytes: 300 }, pdf: { count: 1, bytes: 500 }, audio: { count: 1, bytes: 100 },
    video: { count: 1, bytes: 900 }, text: { count: 1, bytes: 50 }, other: { count: 1, bytes: 700 },
  });
  t.deepEqual(all.byDirection, { inbound: { count: 2, bytes: 1200 }, outbound: { count: 1, bytes: 500 }, uploaded: { count: 3, bytes: 850 } });
  t.deepEqual(all.uploadStorage, { usedBytes: 850, limitBytes: 50 * 1024 ** 3 });
  const narrowed = (await s.call('GET', '/files/stats', { token: s.fixture.tokens.narrowed })).body;
  t.deepEqual([narrowed.totalFiles, narrowed.totalBytes], [2, 350]);
  t.deepEqual(narrowed.byDirection, { inbound: { count: 1, bytes: 300 }, outbound: { count: 0, bytes: 0 }, uploaded: { count: 1, bytes: 50 } });
  const other = (await s.call('GET', '/files/stats', { token: s.fixture.tokens.other })).body;
  t.deepEqual([other.totalFiles, other.uploadStorage], [1, { usedBytes: 10, limitBytes: 10 * 1024 ** 3 }]);
});
