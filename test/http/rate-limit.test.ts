import test from 'ava';
import { assertError, serverTest } from '../support/server.ts';
import { startDevServer } from '../support/dev-server.ts';
import { freshPostgresUrl } from '../support/databases.ts';
import { makeFixture } from '../support/fixture.ts';

serverTest('every response carries the RateLimit headers, refusals included', async (t, s) => {
  const ok = await s.call('GET', '/ping', { token: s.fixture.tokens.owner });
  t.is(ok.headers.get('ratelimit-policy'), '600;w=60');
  t.is(ok.headers.get('ratelimit-limit'), '600');
  t.is(ok.headers.get('ratelimit-remaining'), '599');
  t.is(ok.headers.get('ratelimit-reset'), '60');
  s.clock.advance(15_000);
  const refused = await s.call('GET', '/keys', { token: s.fixture.tokens.narrowed.replace(/.$/, '') + 'x' });
  t.is(refused.status, 401);
  t.truthy(refused.headers.get('ratelimit-remaining'));
  const scoped = await s.call('POST', '/keys', { token: s.fixture.tokens.readOnly, body: {} });
  t.is(scoped.status, 403);
  t.is(scoped.headers.get('ratelimit-remaining'), '599');
  t.is(scoped.headers.get('ratelimit-reset'), '45');
});

serverTest('600 per clock minute per key: the 601st is 429 rate_limited with Retry-After; the next minute resets', async (t, s) => {
  const { owner, narrowed } = s.fixture.tokens;
  s.clock.set('2026-11-22T10:00:30.000Z');
  const calls = await Promise.all(Array.from({ length: 600 }, () => s.call('GET', '/ping', { token: owner })));
  t.true(calls.every((c) => c.status === 200));
  t.deepEqual(calls.map((c) => Number(c.headers.get('ratelimit-remaining'))).sort((a, b) => a - b), Array.from({ length: 600 }, (_, i) => i));
  const limited = await s.call('GET', '/ping', { token: owner });
  assertError(t, limited, 429, 'rate_limited');
  t.is(limited.body.error.type, 'rate_limit_error');
  t.is(limited.headers.get('retry-after'), '30');
  t.is(limited.headers.get('ratelimit-remaining'), '0');
  t.is((await s.call('GET', '/ping', { token: narrowed })).status, 200, 'another key has its own budget');
  s.clock.set('2026-11-22T10:01:00.000Z');
  const next = await s.call('GET', '/ping', { token: owner });
  t.is(next.status, 200);
  t.is(next.headers.get('ratelimit-remaining'), '599');
});

test.serial('two server processes on one PostgreSQL database share one budget', async (t) => {
  const pg = await freshPostgresUrl();
  const fixture = makeFixture();
  const a = await startDevServer({ db: pg.url, fixture: fixture.json });
  const b = await startDevServer({ db: pg.url, fixture: fixture.json });
  try {
    // Stay clear of a minute boundary so all calls fall in one window.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 61_000 - intoMinute));
    const remaining: number[] = [];
    for (let i = 0; i < 10; i++) {
      const server = i % 2 === 0 ? a : b;
      const res = await fetch(`${server.url}/ping`, { headers: { authorization: `Bearer ${fixture.tokens.owner}` } });
      t.is(res.status, 200);
      remaining.push(Number(res.headers.get('ratelimit-remaining')));
    }
    t.deepEqual(remaining, Array.from({ length: 10 }, (_, i) => 599 - i));
  } finally {
    await a.stop();
    await b.stop();
    await pg.drop();
  }
});
