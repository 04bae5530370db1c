import test from 'ava';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeFixture } from '../support/fixture.ts';
import { freshPostgresUrl } from '../support/databases.ts';
import { WebhookReceiver, eventually } from '../support/webhook-receiver.ts';

// Real server processes: a crash with SIGKILL mid-delivery, and two servers sharing one PostgreSQL job queue.
// Processes sharing a database share the master key that seals webhook secrets, as a real deployment must.
const MASTER_KEY = randomBytes(32).toString('hex');
const BIN = fileURLToPath(new URL('../../hosts/dev-server/bin.mjs', import.meta.url));

interface Proc { url: string; child: ChildProcess; exited: Promise<unknown>; output(): string }

async function spawnServer(dir: string, db: string, receiver: WebhookReceiver, fixture: string, timeoutMs = 1000): Promise<Proc> {
  const child = spawn(process.execPath, [BIN, '--port', '0', '--data-dir', dir, '--db', db, '--fixtures', fixture, '--webhook-allow', receiver.origin], {
    stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LOG_LEVEL: 'warn', WEBHOOK_TIMEOUT_MS: String(timeoutMs), MASTER_KEY },
  });
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000);
    child.stdout!.on('data', () => { const m = /listening on (http:\/\/\S+)/.exec(out); if (m) { clearTimeout(timer); resolve(m[1]!); } });
    void exited.then(() => { clearTimeout(timer); reject(new Error(`server exited:\n${out}`)); });
  });
  return { url, child, exited, output: () => out };
}

const call = async (p: Proc, token: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(p.url + path, {
    method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() as any };
};

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'wm-wh-proc-'));
  const fixture = makeFixture();
  const file = join(dir, 'fixture.json');
  writeFileSync(file, JSON.stringify(fixture.json));
  return { dir, file, token: fixture.tokens.owner };
}

test.serial('SIGKILL mid-delivery: after a restart every event is delivered, none twice to a receiver that said 2xx', async (t) => {
  const receiver = await WebhookReceiver.start();
  const { dir, file, token } = setup();
  const db = join(dir, 'mail.db');
  let server = await spawnServer(dir, db, receiver, file);
  try {
    const endpoint = (await call(server, token, 'POST', '/webhooks', { url: receiver.url })).body;
    // The first ten answer at once; the rest hang, so they are in flight when the process dies.
    receiver.script = Array(10).fill(200);
    receiver.fallback = 'hang';
    const sent: string[] = [];
    for (let i = 0; i < 30; i++) sent.push((await call(server, token, 'POST', `/webhooks/${endpoint.id}/test`)).body.id);
    await eventually(async () => {
      const items = (await call(server, token, 'GET', `/webhooks/${endpoint.id}/deliveries?limit=100`)).body.items;
      return items.filter((d: any) => d.status === 'succeeded').length === 10;
    }, 10_000, 'ten recorded successes');
    await receiver.waitFor(30);
    server.child.kill('SIGKILL');
    await server.exited;
    const okBefore = receiver.received.filter((r) => r.answer === 200).map((r) => r.headers['webhook-id'] as string);
    t.is(okBefore.length, 10);

    receiver.fallback = 200;
    server = await spawnServer(dir, db, receiver, file);
    const delivered = () => new Set(receiver.received.filter((r) => r.answer === 200).map((r) => r.headers['webhook-id'] as string));
    await eventually(async () => delivered().size === 30, 20_000, 'all 30 deliveries');
    t.deepEqual([...delivered()].sort(), [...sent].sort(), 'none lost');
    for (const id of okBefore) t.is(receiver.received.filter((r) => r.headers['webhook-id'] === id).length, 1, `${id} sent once`);
    const items = (await call(server, token, 'GET', `/webhooks/${endpoint.id}/deliveries?limit=100`)).body.items;
    t.true(items.every((d: any) => d.status === 'succeeded'));
  } finally {
    server.child.kill('SIGKILL');
    await receiver.stop();
  }
});

test.serial('two processes on one PostgreSQL share the job queue: every delivery happens once', async (t) => {
  const receiver = await WebhookReceiver.start();
  const { dir, file, token } = setup();
  const pg = await freshPostgresUrl();
  // A generous attempt timeout: on a loaded machine a 1 s one would turn slowness into retries 5 s later.
  const [a, b] = await Promise.all([spawnServer(join(dir, 'a'), pg.url, receiver, file, 8000), spawnServer(join(dir, 'b'), pg.url, receiver, file, 8000)]);
  try {
    const endpoint = (await call(a, token, 'POST', '/webhooks', { url: receiver.url })).body;
    const sent: string[] = [];
    for (let i = 0; i < 40; i++) sent.push((await call(i % 2 ? a : b, token, 'POST', `/webhooks/${endpoint.id}/test`)).body.id);
    await receiver.waitFor(40, 30_000).catch(async (e) => {
      t.log(a.output().slice(-2000), b.output().slice(-2000));
      throw e;
    });
    await eventually(async () => {
      const items = (await call(b, token, 'GET', `/webhooks/${endpoint.id}/deliveries?limit=100`)).body.items;
      return items.every((d: any) => d.status === 'succeeded') && items.length === 40;
    }, 30_000, 'all recorded');
    const ids = receiver.received.map((r) => r.headers['webhook-id'] as string);
    t.is(ids.length, 40, 'nothing sent twice');
    t.deepEqual([...new Set(ids)].sort(), [...sent].sort());
  } finally {
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    await Promise.all([a.exited, b.exited]);
    await receiver.stop();
    await pg.drop();
  }
});
