import 'reflect-metadata';
import test from 'ava';
import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMailService, AppError } from '../../hosts/library/index.ts';
import { makeFixture } from '../support/fixture.ts';

test('createMailService gives typed use cases without HTTP, and close() releases the database', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'wm-lib-'));
  const mail = await createMailService({ dataDir: dir });
  try {
    const fixture = makeFixture();
    await mail.fixtures.execute(fixture.json);
    const caller = await mail.authenticate.execute(fixture.tokens.owner, '127.0.0.1');
    const made = await mail.keys.create.execute(caller, { name: 'embedded', scopes: ['emails:send'] });
    t.regex(made.token, /^wm_live_[0-9a-f]{24}_/);
    const page = await mail.keys.list.execute(caller, { limit: 100 });
    t.true(page.items.some((k) => k.id === made.id));
    const refused = await t.throwsAsync(() => mail.authenticate.execute('wm_live_nope', '127.0.0.1'), { instanceOf: AppError });
    t.is(refused?.code, 'invalid_api_key');
    t.true(existsSync(join(dir, 'mail.db')), 'SQLite in the data dir by default');
    t.true(existsSync(join(dir, 'master.key')), 'a master key generated once');
  } finally {
    await mail.close();
  }
});

test('a configuration error reports every problem at once', async (t) => {
  const err = await t.throwsAsync(() => createMailService({ db: 'mysql://x', smtpUrl: 'http://relay', requestsPerMinute: 0 }));
  t.regex(err!.message, /smtpUrl/);
  t.regex(err!.message, /db must be/);
  t.regex(err!.message, /requestsPerMinute/);
});

test('fixture loading is one transaction: a failure leaves nothing written', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'wm-lib-'));
  const mail = await createMailService({ dataDir: dir });
  try {
    const fixture = makeFixture();
    // The second workspace reuses the first one's key id: the insert of that key is skipped, which is fine, so
    // break it harder: a contact whose audience does not exist is caught while reading; a duplicate workspace
    // id is caught while reading too. Both must leave the database empty.
    (fixture.json.workspaces[1] as any).id = fixture.json.workspaces[0]!.id;
    await t.throwsAsync(() => mail.fixtures.execute(fixture.json), { message: /workspaces\[1\]\.id/ });
    t.true(await mail.isEmpty());
  } finally {
    await mail.close();
  }
});
