import test from 'ava';
import { startDevServer } from '../support/dev-server.ts';
import { makeFixture } from '../support/fixture.ts';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../hosts/dev-server/bin.mjs', import.meta.url));

test.serial('an empty data dir loads the demo, prints its owner key and a curl line that works', async (t) => {
  const server = await startDevServer();
  try {
    const token = /Owner key: (wm_live_\S+)/.exec(server.output())?.[1];
    t.truthy(token, server.output());
    t.regex(server.output(), /curl -H "Authorization: Bearer wm_live_\S+" http:\/\/127\.0\.0\.1:\d+\/v1\/keys/);
    const res = await fetch(`${server.url}/keys`, { headers: { authorization: `Bearer ${token}` } });
    t.is(res.status, 200);
    t.true(((await res.json()) as any).items.length >= 1);
  } finally {
    t.is(await server.stop(), 0, 'SIGTERM ends the process cleanly');
  }
});

test.serial('--fixtures loads only that file, and loading twice changes nothing', async (t) => {
  const fixture = makeFixture();
  const dir = mkdtempSync(join(tmpdir(), 'wm-fx-'));
  const db = join(dir, 'mail.db');
  for (let run = 0; run < 2; run++) {
    const server = await startDevServer({ db, fixture: fixture.json });
    try {
      t.notRegex(server.output(), /Owner key/);
      const keys = await fetch(`${server.url}/keys?limit=100`, { headers: { authorization: `Bearer ${fixture.tokens.owner}` } });
      t.is(((await keys.json()) as any).items.length, 9);
      const demo = await fetch(`${server.url}/ping`, { headers: { authorization: 'Bearer wm_live_0123456789abcdef01234567_ebrta5t_sBwTvSnlojA6CBaUpcFiaof4eDHmPR_W1ug' } });
      t.is(demo.status, 401, 'the demo was not loaded as well');
    } finally {
      await server.stop();
    }
  }
});

test.serial('a fixture that breaks a rule stops the start with the exact path', (t) => {
  const fixture = makeFixture();
  (fixture.json.workspaces[0]!.apiKeys[1] as any).scopes = ['keys:read', 'emails:send', 'made:up'];
  const dir = mkdtempSync(join(tmpdir(), 'wm-bad-'));
  writeFileSync(join(dir, 'f.json'), JSON.stringify(fixture.json));
  const run = spawnSync(process.execPath, [BIN, '--port', '0', '--data-dir', dir, '--fixtures', join(dir, 'f.json')], { encoding: 'utf8', timeout: 60_000 });
  t.not(run.status, 0);
  t.regex(run.stderr + run.stdout, /workspaces\[0\]\.apiKeys\[1\]\.scopes\[2\]/);
  t.regex(run.stderr + run.stdout, /unknown scope `made:up`/);
});

test.serial('bad flags are reported together with what to set', (t) => {
  const run = spawnSync(process.execPath, [BIN, '--port', 'x', '--jobs', 'redis'], { encoding: 'utf8', timeout: 60_000 });
  t.not(run.status, 0);
  t.regex(run.stderr, /--port \/ PORT/);
  t.regex(run.stderr, /--jobs \/ JOBS_BACKEND/);
});

test.serial('without --smtp, mail lands as .eml files in <data-dir>/outbox', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'wm-outbox-'));
  const server = await startDevServer({ args: ['--data-dir', dir] });
  try {
    // The demo's member app asks for a step-up code, which is mailed.
    const res = await fetch(`${server.url}/security/step-up`, { method: 'POST', headers: { authorization: 'Bearer wmat_hQLqvzx6wY4sJf4SmE07Wq6qRb4Ezic-mm2qIW8Fi1Y' } });
    t.is(res.status, 200, await res.text());
    t.is(readdirSync(join(dir, 'outbox')).filter((f) => f.endsWith('.eml')).length, 1);
  } finally {
    await server.stop();
  }
});
