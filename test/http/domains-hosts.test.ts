import { assertError, type TestServer } from '../support/server.ts';
import { addDomain, domainTest, SERVICE_HOST, type World } from './domains-kit.ts';

const CHALLENGE = /^\/\.well-known\/workspace-mail\/([0-9a-f]+)$/;

/** Points `host` at the service's edge (CNAME to its target, which resolves to the local TLS server) and lets the
 * TLS server answer as the edge does. */
function pointAtEdge(s: TestServer, w: World, host: string, target: string): void {
  w.dns.set(host, [{ type: 'CNAME', value: target }]);
  w.dns.set(target, [{ type: 'A', value: '127.0.0.1' }]);
  w.tls.handle = async (name, path) => {
    const nonce = CHALLENGE.exec(path)?.[1];
    const proof = nonce ? await s.service.domains.answerHostChallenge.execute(name, nonce) : null;
    return proof ? { status: 200, body: `${proof}\n` } : { status: 404, body: 'no such challenge' };
  };
}

domainTest('tracking host: none -> pending -> active, checked in the call; same host re-checked only after 30 s', async (t, s, w) => {
  const token = s.fixture.tokens.owner;
  const path = `/domains/${s.fixture.ids.domain}`;
  const target = `track.${SERVICE_HOST}`;
  const saved = await s.call('PATCH', path, { token, body: { trackingHost: '  HTTPS://Track.Acme.TEST./click?x=1#top ' } });
  t.is(saved.status, 200, JSON.stringify(saved.body));
  t.like(saved.body.tracking, { status: 'pending', host: 'track.acme.test', target, record: { type: 'CNAME', name: 'track.acme.test', value: target } });
  t.regex(saved.body.tracking.error, /CNAME/);
  t.is(saved.body.storage.status, 'none');

  pointAtEdge(s, w, 'track.acme.test', target);
  s.clock.advance(29_999);
  const early = await s.call('PATCH', path, { token, body: { trackingHost: 'track.acme.test' } });
  t.like(early.body.tracking, { status: 'pending', error: saved.body.tracking.error }, 'not re-checked within 30 seconds');
  s.clock.advance(1);
  const active = await s.call('PATCH', path, { token, body: { trackingHost: 'track.acme.test' } });
  t.like(active.body.tracking, { status: 'active', host: 'track.acme.test', error: null });
  t.like((await s.call('GET', path, { token })).body.tracking, { status: 'active' });

  // A different host replaces the old at once and starts over at pending.
  const replaced = await s.call('PATCH', path, { token, body: { trackingHost: 'click.acme.test' } });
  t.like(replaced.body.tracking, { status: 'pending', host: 'click.acme.test', record: { name: 'click.acme.test', value: target } });
  const removed = await s.call('PATCH', path, { token, body: { trackingHost: null } });
  t.deepEqual(removed.body.tracking, { status: 'none', host: null, record: null, target: null, error: null });
  t.is((await s.service.domains.answerHostChallenge.execute('click.acme.test', 'abcdef0123456789')), null, 'a removed host has no proof');
});

domainTest('files host: a wrong proof, a redirect or a failing re-check keeps or puts it at pending', async (t, s, w) => {
  const token = s.fixture.tokens.owner;
  const path = `/domains/${s.fixture.ids.domain}`;
  const target = `files.${SERVICE_HOST}`;
  pointAtEdge(s, w, 'files.acme.test', target);
  const edge = w.tls.handle;
  w.tls.handle = async () => ({ status: 200, body: 'not-the-proof' });
  const wrong = await s.call('PATCH', path, { token, body: { filesHost: 'files.acme.test' } });
  t.like(wrong.body.storage, { status: 'pending', host: 'files.acme.test', target });
  t.regex(wrong.body.storage.error, /proof/);

  w.tls.handle = async () => ({ status: 302, body: '', headers: { location: 'https://elsewhere.test/' } });
  s.clock.advance(30_000);
  const redirect = await s.call('PATCH', path, { token, body: { filesHost: 'files.acme.test' } });
  t.like(redirect.body.storage, { status: 'pending' });
  t.regex(redirect.body.storage.error, /redirect/);

  w.tls.handle = edge;
  s.clock.advance(30_000);
  t.like((await s.call('PATCH', path, { token, body: { filesHost: 'files.acme.test' } })).body.storage, { status: 'active', error: null });
  // An active host that stops answering goes back to pending when re-checked.
  w.tls.handle = async () => ({ status: 404, body: '' });
  s.clock.advance(30_000);
  const lost = await s.call('PATCH', path, { token, body: { filesHost: 'files.acme.test' } });
  t.like(lost.body.storage, { status: 'pending' });
  t.regex(lost.body.storage.error, /404/);
  t.is(lost.body.tracking.status, 'none', 'the two hosts are independent');
});

domainTest('custom hosts: must be a subdomain, differ from each other, and be free in every workspace', async (t, s, w) => {
  const token = s.fixture.tokens.owner;
  const path = `/domains/${s.fixture.ids.domain}`;
  for (const bad of ['track.other.test', 'acme.test', '', '  ', 'https://', 'bad_host.acme.test', 'track.acme.test:8443']) {
    assertError(t, await s.call('PATCH', path, { token, body: { trackingHost: bad } }), 422, 'invalid_parameter', 'trackingHost');
  }
  assertError(t, await s.call('PATCH', path, { token, body: { filesHost: 'x.beta.test' } }), 422, 'invalid_parameter', 'filesHost');
  assertError(t, await s.call('PATCH', path, { token, body: { trackingHost: 'a.acme.test', filesHost: 'A.acme.test' } }), 422, 'invalid_parameter', 'filesHost');
  t.is((await s.call('PATCH', path, { token, body: { trackingHost: 'a.acme.test' } })).body.tracking.host, 'a.acme.test');
  assertError(t, await s.call('PATCH', path, { token, body: { filesHost: 'a.acme.test' } }), 422, 'invalid_parameter', 'filesHost');

  // Another workspace may add acme.test too, but not take a host this one uses.
  const theirs = (await addDomain(s, 'acme.test', s.fixture.tokens.other)).body;
  const taken = await s.call('PATCH', `/domains/${theirs.id}`, { token: s.fixture.tokens.other, body: { trackingHost: 'a.acme.test', senderName: 'Them' } });
  assertError(t, taken, 409, 'tracking_host_in_use', 'trackingHost');
  t.is((await s.call('GET', `/domains/${theirs.id}`, { token: s.fixture.tokens.other })).body.senderName, null, 'a refused patch changes nothing');
  t.is(w.dns.port > 0, true);
});
