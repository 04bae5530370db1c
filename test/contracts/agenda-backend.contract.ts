import type { TestFn } from 'ava';
import type { AgendaBackend } from 'agenda';
import { AgendaJobScheduler } from '../../adapters/jobs-agenda/agenda-job-scheduler.ts';

/** A backend over a database of its own; `another` opens a second backend on the same database (another process). */
export interface OpenedBackend { backend: AgendaBackend; another(): Promise<AgendaBackend>; close(): Promise<void> }

const until = async (check: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** What every agenda backend we use must do, through our JobScheduler port. */
export function agendaBackendContract(test: TestFn, name: string, open: () => Promise<OpenedBackend>): void {
  const check = (title: string, fn: (t: any, o: OpenedBackend) => Promise<void>) => test.serial(`${name}: ${title}`, async (t) => {
    const o = await open();
    try { await fn(t, o); } finally { await o.close(); }
  });

  check('a job stored now runs once, with its data', async (t, { backend }) => {
    const jobs = new AgendaJobScheduler(backend, { processEveryMs: 200 });
    const runs: unknown[] = [];
    jobs.define('contract.echo', async (data) => { runs.push(data); });
    await jobs.start();
    try {
      await jobs.now('contract.echo', { n: 1, text: 'ü' });
      await until(() => runs.length === 1);
      await new Promise((r) => setTimeout(r, 300));
      t.deepEqual(runs, [{ n: 1, text: 'ü' }]);
    } finally { await jobs.stop(); }
  });

  check('a job stored for later waits for its time, and survives the process that stored it', async (t, { backend, another }) => {
    const writer = new AgendaJobScheduler(backend, { processEveryMs: 200 });
    await writer.start();
    await writer.at('contract.later', new Date(Date.now() + 400), { k: 'v' });
    await writer.stop();
    const reader = new AgendaJobScheduler(await another(), { processEveryMs: 100 });
    const runs: Array<{ data: unknown; at: number }> = [];
    const stored = Date.now();
    reader.define('contract.later', async (data) => { runs.push({ data, at: Date.now() }); });
    await reader.start();
    try {
      await until(() => runs.length === 1);
      t.deepEqual(runs[0]!.data, { k: 'v' });
      t.true(runs[0]!.at >= stored + 250, 'not before its time');
    } finally { await reader.stop(); }
  });

  check('two schedulers on one database run each of 30 jobs exactly once', async (t, { backend, another }) => {
    const runs: string[] = [];
    const one = new AgendaJobScheduler(backend, { processEveryMs: 100, name: 'one' });
    const two = new AgendaJobScheduler(await another(), { processEveryMs: 100, name: 'two' });
    for (const s of [one, two]) s.define('contract.once', async (data) => { runs.push(String(data['i'])); await new Promise((r) => setTimeout(r, 5)); }, { concurrency: 4 });
    await Promise.all([one.start(), two.start()]);
    try {
      for (let i = 0; i < 30; i++) await (i % 2 ? one : two).now('contract.once', { i });
      await until(() => runs.length >= 30);
      await new Promise((r) => setTimeout(r, 500));
      t.is(runs.length, 30);
      t.is(new Set(runs).size, 30);
    } finally { await Promise.all([one.stop(), two.stop()]); }
  });

  check('a job whose process died holding it is taken over once its lock lifetime passes', async (t, { backend, another }) => {
    // A crashed process leaves its job locked and never renews the lock: write exactly that state.
    await backend.connect();
    const saved = await backend.repository.saveJob({ name: 'contract.orphan', priority: 0, nextRunAt: new Date(), type: 'normal', data: { o: 1 } }, undefined);
    t.truthy(await backend.repository.lockJob(saved, undefined));
    const heir = new AgendaJobScheduler(await another(), { processEveryMs: 100 });
    const taken: number[] = [];
    const lockedAt = Date.now();
    heir.define('contract.orphan', async () => { taken.push(Date.now()); }, { lockLifetimeMs: 600 });
    await heir.start();
    try {
      await until(() => taken.length === 1);
      t.true(taken[0]! >= lockedAt + 500, 'not while the lock is fresh');
      await new Promise((r) => setTimeout(r, 300));
      t.is(taken.length, 1);
    } finally { await heir.stop(); }
  });
}
