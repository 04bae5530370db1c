import test from 'ava';
import { openJobBackend } from '../../adapters/jobs-agenda/job-backend.ts';
import { resolveConfig } from '../../hosts/library/config.ts';
import { readArgs } from '../../hosts/dev-server/args.ts';

// MongoDB cannot run on the machines these tests run on, so the contract is not run against it (README says so).
// This checks the wiring: flags and config choose the official backend, built without connecting.
test('mongo jobs backend: --jobs mongo --jobs-url mongodb://… chooses the official MongoDB backend', async (t) => {
  const args = readArgs(['--jobs', 'mongo', '--jobs-url', 'mongodb://127.0.0.1:27017/mail'], {});
  if (args === 'help') return t.fail();
  const config = resolveConfig({ db: '/tmp/x.db', jobs: { backend: args.jobs!, url: args.jobsUrl } });
  t.deepEqual(config.jobs, { backend: 'mongo', url: 'mongodb://127.0.0.1:27017/mail' });
  const backend = await openJobBackend(config.jobs, null);
  t.is(backend.name, 'MongoDB');
  t.truthy(backend.repository);
});

test('jobs config: defaults follow the database; a wrong pairing is reported at boot', (t) => {
  t.deepEqual(resolveConfig({ db: '/tmp/x.db' }).jobs, { backend: 'sqlite', url: '/tmp/x.db' });
  t.is(resolveConfig({ db: 'postgres://h/db' }).jobs.backend, 'postgres');
  t.throws(() => resolveConfig({ db: '/tmp/x.db', jobs: { backend: 'mongo' } }), { message: /mongodb:\/\// });
  t.throws(() => resolveConfig({ db: '/tmp/x.db', jobs: { backend: 'postgres' } }), { message: /postgres:\/\// });
  t.throws(() => resolveConfig({ db: 'postgres://h/db', jobs: { backend: 'sqlite' } }), { message: /must be SQLite/ });
  t.throws(() => resolveConfig({ webhookAllow: ['http://127.0.0.1:1/path'] }), { message: /webhookAllow/ });
  const args = readArgs([], { WEBHOOK_ALLOW: 'http://127.0.0.1:9000, http://127.0.0.1:9001' });
  t.deepEqual(args !== 'help' && args.webhookAllow, ['http://127.0.0.1:9000', 'http://127.0.0.1:9001']);
});
