import test, { type ExecutionContext } from 'ava';
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { deriveKey, loadMasterKey } from '../../../adapters/crypto-node/master-key.ts';

const run = promisify(execFile);
const tempDir = (t: ExecutionContext) => {
  const dir = mkdtempSync(join(tmpdir(), 'wm-master-key-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};
const KEY = Buffer.from('00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff', 'hex');

test('MASTER_KEY as hex, base64 or base64url gives the 32 bytes, and no file is made', (t) => {
  const dataDir = tempDir(t);
  for (const env of [KEY.toString('hex'), KEY.toString('hex').toUpperCase(), KEY.toString('base64'), KEY.toString('base64url'), ` ${KEY.toString('hex')}\n`]) {
    t.deepEqual(loadMasterKey({ env, dataDir }), KEY, env);
  }
  t.deepEqual(readdirSync(dataDir), []);
});

test('a MASTER_KEY of the wrong length or alphabet is an error that says what to set, without echoing it', (t) => {
  const dataDir = tempDir(t);
  for (const env of ['abcd', KEY.toString('hex').slice(2), Buffer.alloc(31).toString('base64'), Buffer.alloc(33).toString('base64'), 'not a key at all!', '   ']) {
    const err = t.throws(() => loadMasterKey({ env, dataDir }), { message: /MASTER_KEY.*64 hex characters/ }, env);
    if (env.trim().length > 3) t.false(err!.message.includes(env.trim()), 'the value must not be echoed');
  }
});

test('without MASTER_KEY, master.key is created once (0600, in a new dataDir) and read back after', (t) => {
  const dataDir = join(tempDir(t), 'nested', 'data');
  const first = loadMasterKey({ dataDir });
  t.is(first.length, 32);
  const file = join(dataDir, 'master.key');
  t.regex(readFileSync(file, 'utf8'), /^[0-9a-f]{64}\n$/);
  t.is(statSync(file).mode & 0o777, 0o600);
  t.deepEqual(loadMasterKey({ dataDir }), first);
  t.deepEqual(loadMasterKey({ env: '', dataDir }), first, 'an empty MASTER_KEY counts as unset');
  t.deepEqual(readdirSync(dataDir), ['master.key'], 'no temp file is left behind');
});

test('an existing master.key is used as is; a damaged one is an error, never replaced', (t) => {
  const dataDir = tempDir(t);
  writeFileSync(join(dataDir, 'master.key'), KEY.toString('hex'));
  t.deepEqual(loadMasterKey({ dataDir }), KEY);
  writeFileSync(join(dataDir, 'master.key'), 'oops');
  t.throws(() => loadMasterKey({ dataDir }), { message: /master\.key does not hold a 32-byte key/ });
  t.is(readFileSync(join(dataDir, 'master.key'), 'utf8'), 'oops');
});

test('processes starting together on an empty dataDir all end up with the same key', async (t) => {
  const dataDir = tempDir(t);
  const moduleUrl = new URL('../../../adapters/crypto-node/master-key.ts', import.meta.url).href;
  // Every child spins until the same instant, so their first reads and creates really overlap.
  const go = Date.now() + 2500;
  const script = `import { loadMasterKey } from ${JSON.stringify(moduleUrl)};
    while (Date.now() < ${go});
    process.stdout.write(loadMasterKey({ dataDir: ${JSON.stringify(dataDir)} }).toString('hex'));`;
  const cwd = fileURLToPath(new URL('../../../', import.meta.url));
  const outputs = await Promise.all(Array.from({ length: 5 }, () =>
    run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd })));
  const keys = new Set(outputs.map((o) => o.stdout));
  t.is(keys.size, 1);
  t.is(readFileSync(join(dataDir, 'master.key'), 'utf8').trim(), [...keys][0]);
  t.deepEqual(readdirSync(dataDir), ['master.key']);
});

test('deriveKey is HMAC-SHA256 of the purpose: stable, 32 bytes, different per purpose', (t) => {
  const cursors = deriveKey(KEY, 'cursors');
  t.is(cursors.length, 32);
  t.deepEqual(deriveKey(KEY, 'cursors'), cursors);
  t.notDeepEqual(deriveKey(KEY, 'sealed-secrets'), cursors);
  t.notDeepEqual(deriveKey(Buffer.alloc(32), 'cursors'), cursors);
  t.deepEqual(cursors, createHmac('sha256', KEY).update('cursors').digest());
});
