import { assertError, serverTest, type TestServer } from '../support/server.ts';

const codeIn = (s: TestServer) => /(\d{6})/.exec(s.mailer.sent.at(-1)!.subject)![1]!;
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

serverTest('API keys get 400 step_up_not_applicable on every step-up endpoint', async (t, s) => {
  const token = s.fixture.tokens.owner;
  assertError(t, await s.call('GET', '/security/step-up', { token }), 400, 'step_up_not_applicable');
  assertError(t, await s.call('POST', '/security/step-up', { token }), 400, 'step_up_not_applicable');
  assertError(t, await s.call('POST', '/security/step-up/verify', { token, body: {} }), 400, 'step_up_not_applicable');
});

serverTest('a code is mailed, verifies once, and opens a 60-minute window', async (t, s) => {
  const token = s.fixture.tokens.ownerApp;
  t.false((await s.call('GET', '/security/step-up', { token })).body.verified);
  const asked = await s.call('POST', '/security/step-up', { token });
  t.is(asked.status, 200, JSON.stringify(asked.body));
  t.is(asked.body.expiresAt, '2026-11-22T10:10:00.000Z');
  t.deepEqual(s.mailer.sent.at(-1)!.to, ['owner@example.test']);
  const status = (await s.call('GET', '/security/step-up', { token })).body;
  t.true(status.codePending);
  t.is(status.triesLeft, 5);
  const ok = await s.call('POST', '/security/step-up/verify', { token, body: { code: codeIn(s) } });
  t.is(ok.status, 200, JSON.stringify(ok.body));
  t.true(ok.body.verified);
  t.is(ok.body.verifiedUntil, '2026-11-22T11:00:00.000Z');
  t.true((await s.call('GET', '/security/step-up', { token })).body.verified);
  assertError(t, await s.call('POST', '/security/step-up/verify', { token, body: { code: codeIn(s) } }), 400, 'step_up_code_expired');
  s.clock.advance(60 * 60_000);
  t.false((await s.call('GET', '/security/step-up', { token })).body.verified);
});

serverTest('wrong codes: tries left, then step_up_locked at the fifth; expired after 10 minutes', async (t, s) => {
  const token = s.fixture.tokens.ownerApp;
  await s.call('POST', '/security/step-up', { token });
  const code = codeIn(s);
  for (let left = 4; left >= 1; left--) {
    const res = await s.call('POST', '/security/step-up/verify', { token, body: { code: wrong(code) } });
    assertError(t, res, 400, 'step_up_code_invalid', 'code');
    t.regex(res.body.error.message, new RegExp(`${left} tr`));
  }
  assertError(t, await s.call('POST', '/security/step-up/verify', { token, body: { code: wrong(code) } }), 429, 'step_up_locked');
  assertError(t, await s.call('POST', '/security/step-up/verify', { token, body: { code } }), 400, 'step_up_code_expired', 'code');
  await s.call('POST', '/security/step-up', { token });
  s.clock.advance(10 * 60_000);
  assertError(t, await s.call('POST', '/security/step-up/verify', { token, body: { code: codeIn(s) } }), 400, 'step_up_code_expired');
  assertError(t, await s.call('POST', '/security/step-up/verify', { token, body: { code: 'abc' } }), 422, 'invalid_parameter', 'code');
});

serverTest('5 codes an hour and 20 a day: 429 step_up_throttled with Retry-After', async (t, s) => {
  const token = s.fixture.tokens.ownerApp;
  for (let i = 0; i < 5; i++) t.is((await s.call('POST', '/security/step-up', { token })).status, 200);
  const throttled = await s.call('POST', '/security/step-up', { token });
  assertError(t, throttled, 429, 'step_up_throttled');
  t.truthy(throttled.headers.get('retry-after'));
  for (let hour = 1; hour < 4; hour++) {
    s.clock.advance(60 * 60_000 + 1);
    for (let i = 0; i < 5; i++) t.is((await s.call('POST', '/security/step-up', { token })).status, 200, `hour ${hour} code ${i}`);
  }
  s.clock.advance(60 * 60_000 + 1);
  assertError(t, await s.call('POST', '/security/step-up', { token }), 429, 'step_up_throttled');
  s.clock.advance(20 * 60 * 60_000);
  t.is((await s.call('POST', '/security/step-up', { token })).status, 200);
});

serverTest('10 wrong codes by one app in 24 hours pause verification until a time the message gives', async (t, s) => {
  const token = s.fixture.tokens.ownerApp;
  for (let round = 0; round < 2; round++) {
    await s.call('POST', '/security/step-up', { token });
    const code = codeIn(s);
    for (let i = 0; i < 5; i++) await s.call('POST', '/security/step-up/verify', { token, body: { code: wrong(code) } });
  }
  const locked = await s.call('POST', '/security/step-up', { token });
  assertError(t, locked, 429, 'step_up_locked');
  t.regex(locked.body.error.message, /2026-11-23T10:00:00\.000Z/);
  t.is((await s.call('GET', '/security/step-up', { token })).body.lockedUntil, '2026-11-23T10:00:00.000Z');
  s.clock.advance(24 * 60 * 60_000 + 1);
  t.is((await s.call('POST', '/security/step-up', { token })).status, 200);
});

serverTest('a code that cannot be mailed is 503 step_up_undeliverable and cannot be used', async (t, s) => {
  const token = s.fixture.tokens.ownerApp;
  s.mailer.failing = true;
  assertError(t, await s.call('POST', '/security/step-up', { token }), 503, 'step_up_undeliverable');
  t.false((await s.call('GET', '/security/step-up', { token })).body.codePending);
});
