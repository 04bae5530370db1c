import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { computeJobState, toJobId, type JobParameters, type JobRepository, type JobRepositoryOptions, type JobsOverview, type JobsQueryOptions, type JobsResult, type RemoveJobsOptions } from 'agenda';

// agenda's JobRepository over knex, modelled on the official PostgreSQL backend: same semantics for locking
// (a conditional UPDATE decides who gets a job), `single` jobs (one per name) and `unique` upserts.
// Times are stored as epoch milliseconds so SQLite and PostgreSQL compare them alike.

type Row = Record<string, any>;
const DATES = ['nextRunAt', 'lockedAt', 'lastFinishedAt', 'failedAt', 'lastRunAt', 'debounceStartedAt', 'startDate', 'endDate'] as const;
const COLUMN: Record<string, string> = {
  nextRunAt: 'next_run_at', lockedAt: 'locked_at', lastFinishedAt: 'last_finished_at', failedAt: 'failed_at',
  lastRunAt: 'last_run_at', debounceStartedAt: 'debounce_started_at', startDate: 'start_date', endDate: 'end_date',
  failCount: 'fail_count', failReason: 'fail_reason', repeatTimezone: 'repeat_timezone', repeatInterval: 'repeat_interval',
  repeatAt: 'repeat_at', lastModifiedBy: 'last_modified_by', skipDays: 'skip_days', name: 'name', priority: 'priority',
  type: 'type', data: 'data', disabled: 'disabled', progress: 'progress', fork: 'fork',
};

const ms = (d: unknown): number | null => (d === null || d === undefined ? null : new Date(d as Date).getTime());
const date = (v: unknown): Date | undefined => (v === null || v === undefined ? undefined : new Date(Number(v)));

function fromRow(r: Row): JobParameters {
  return {
    _id: toJobId(r.id), name: r.name, priority: Number(r.priority), nextRunAt: date(r.next_run_at) ?? null, type: r.type,
    lockedAt: date(r.locked_at), lastFinishedAt: date(r.last_finished_at), failedAt: date(r.failed_at),
    failCount: r.fail_count ?? undefined, failReason: r.fail_reason ?? undefined, repeatTimezone: r.repeat_timezone ?? undefined,
    lastRunAt: date(r.last_run_at), repeatInterval: r.repeat_interval ?? undefined, data: r.data === null ? undefined : JSON.parse(r.data),
    repeatAt: r.repeat_at ?? undefined, disabled: r.disabled === true || r.disabled === 1, progress: r.progress ?? undefined,
    fork: r.fork === true || r.fork === 1 ? true : undefined, lastModifiedBy: r.last_modified_by ?? undefined,
    debounceStartedAt: date(r.debounce_started_at), startDate: date(r.start_date), endDate: date(r.end_date),
    skipDays: r.skip_days ? JSON.parse(r.skip_days) : undefined,
  };
}

/** Definition columns a save writes (state columns move through saveJobState). */
function definition(job: JobParameters, options?: JobRepositoryOptions): Row {
  return {
    name: job.name, priority: job.priority ?? 0, next_run_at: ms(job.nextRunAt), type: job.type ?? 'normal',
    repeat_timezone: job.repeatTimezone ?? null, repeat_interval: job.repeatInterval === undefined ? null : String(job.repeatInterval),
    data: JSON.stringify(job.data ?? null), repeat_at: job.repeatAt ?? null, disabled: job.disabled ?? false, fork: job.fork ?? false,
    fail_reason: job.failReason ?? null, fail_count: job.failCount ?? null, failed_at: ms(job.failedAt),
    last_modified_by: options?.lastModifiedBy ?? null, start_date: ms(job.startDate), end_date: ms(job.endDate),
    skip_days: job.skipDays ? JSON.stringify(job.skipDays) : null,
  };
}

export class KnexJobRepository implements JobRepository {
  constructor(private readonly db: Knex, private readonly table = 'job_queue') {}

  private q() { return this.db(this.table); }

  async connect(): Promise<void> { await this.db.raw('select 1'); }

  private filtered(options: RemoveJobsOptions): Knex.QueryBuilder | null {
    const q = this.q();
    let any = false;
    if (options.id) { q.where('id', String(options.id)); any = true; } else if (options.ids?.length) { q.whereIn('id', options.ids.map(String)); any = true; }
    if (options.name) { q.where('name', options.name); any = true; } else if (options.names?.length) { q.whereIn('name', options.names); any = true; } else if (options.notNames?.length) { q.whereNotIn('name', options.notNames); any = true; }
    if (options.data !== undefined) { q.where('data', JSON.stringify(options.data)); any = true; }
    return any ? q : null;
  }

  async queryJobs(options: JobsQueryOptions = {}): Promise<JobsResult> {
    const q = this.q();
    if (options.name) q.where('name', options.name); else if (options.names?.length) q.whereIn('name', options.names);
    if (options.id) q.where('id', options.id); else if (options.ids?.length) q.whereIn('id', options.ids);
    if (options.search) q.whereRaw('lower(name) like ?', [`%${options.search.toLowerCase()}%`]);
    if (options.includeDisabled === false) q.where('disabled', false);
    const now = new Date();
    let jobs = (await q.orderBy('next_run_at', 'desc')).map((r: Row) => {
      const job = fromRow(r);
      return { ...job, _id: job._id!, state: computeJobState(job, now) };
    });
    if (options.data !== undefined) jobs = jobs.filter((j) => JSON.stringify(j.data) === JSON.stringify(options.data));
    if (options.state) jobs = jobs.filter((j) => (options.state === 'paused' ? j.disabled === true : j.state === options.state));
    const total = jobs.length;
    const skip = options.skip ?? 0;
    return { jobs: options.limit ? jobs.slice(skip, skip + options.limit) : jobs.slice(skip), total };
  }

  async getJobsOverview(): Promise<JobsOverview[]> {
    const { jobs } = await this.queryJobs();
    const byName = new Map<string, JobsOverview>();
    for (const j of jobs) {
      const o = byName.get(j.name) ?? { name: j.name, total: 0, running: 0, scheduled: 0, queued: 0, completed: 0, failed: 0, repeating: 0, paused: 0 };
      o.total++;
      o[j.state]++;
      if (j.disabled) o.paused++;
      byName.set(j.name, o);
    }
    return [...byName.values()];
  }

  async getDistinctJobNames(): Promise<string[]> {
    return (await this.q().distinct('name').orderBy('name')).map((r: Row) => r.name);
  }

  async getJobById(id: string): Promise<JobParameters | null> {
    const row = await this.q().where({ id }).first();
    return row ? fromRow(row) : null;
  }

  async getQueueSize(): Promise<number> {
    const row = await this.q().where('next_run_at', '<', Date.now()).count({ n: '*' }).first();
    return Number((row as Row | undefined)?.n ?? 0);
  }

  async removeJobs(options: RemoveJobsOptions): Promise<number> { return (await this.filtered(options)?.delete()) ?? 0; }
  async disableJobs(options: RemoveJobsOptions): Promise<number> { return (await this.filtered(options)?.update({ disabled: true })) ?? 0; }
  async enableJobs(options: RemoveJobsOptions): Promise<number> { return (await this.filtered(options)?.update({ disabled: false })) ?? 0; }
  async purgeAllJobs(): Promise<number> { return this.q().delete(); }

  async saveJob<DATA = unknown>(job: JobParameters<DATA>, options: JobRepositoryOptions | undefined): Promise<JobParameters<DATA>> {
    const row = definition(job as JobParameters, options);
    if (job._id) {
      const n = await this.q().where({ id: String(job._id), name: job.name }).update(row);
      if (!n) return job;
      return (await this.getJobById(String(job._id))) as JobParameters<DATA>;
    }
    if (row.type === 'single') {
      // One row per name: a run already due keeps its time, so re-declaring a recurring job does not delay it.
      const existing = await this.q().where({ name: row.name, type: 'single' }).first();
      if (existing) {
        const protect = row.next_run_at !== null && row.next_run_at <= Date.now() && existing.next_run_at !== null;
        await this.q().where({ id: existing.id }).update({ ...row, next_run_at: protect ? existing.next_run_at : row.next_run_at });
        return (await this.getJobById(existing.id)) as JobParameters<DATA>;
      }
    } else if (job.unique) {
      const q = this.q().where('name', row.name);
      for (const [key, value] of Object.entries(job.unique)) {
        if (key.startsWith('data.')) continue; // matched below, in JavaScript
        const column = COLUMN[key];
        if (!column) throw new Error(`Invalid unique constraint field: "${key}"`);
        q.where(column, value as never);
      }
      const dataKeys = Object.entries(job.unique).filter(([k]) => k.startsWith('data.'));
      const existing = (await q).map(fromRow).find((j: JobParameters) =>
        dataKeys.every(([k, v]) => String((j.data as Row | undefined)?.[k.slice(5)]) === String(v)));
      if (existing) {
        if (job.uniqueOpts?.insertOnly) return existing as JobParameters<DATA>;
        await this.q().where({ id: String(existing._id) }).update(row);
        return (await this.getJobById(String(existing._id))) as JobParameters<DATA>;
      }
    }
    const id = randomUUID();
    await this.q().insert({ ...row, id, created_at: Date.now() });
    return (await this.getJobById(id)) as JobParameters<DATA>;
  }

  async saveJobState(job: JobParameters, options: JobRepositoryOptions | undefined): Promise<void> {
    if (!job._id) throw new Error('Cannot save job state without job ID');
    const n = await this.q().where({ id: String(job._id), name: job.name }).update({
      locked_at: ms(job.lockedAt), next_run_at: ms(job.nextRunAt), last_run_at: ms(job.lastRunAt), progress: job.progress ?? null,
      fail_reason: job.failReason ?? null, fail_count: job.failCount ?? null, failed_at: ms(job.failedAt),
      last_finished_at: ms(job.lastFinishedAt), last_modified_by: options?.lastModifiedBy ?? null,
    });
    if (n !== 1) throw new Error(`job ${job._id} (name: ${job.name}) cannot be updated in the database, maybe it does not exist anymore?`);
  }

  async lockJob(job: JobParameters, options: JobRepositoryOptions | undefined): Promise<JobParameters | undefined> {
    if (!job._id) return undefined;
    const n = await this.q().where({ id: String(job._id), name: job.name, disabled: false }).whereNull('locked_at')
      .where('next_run_at', ms(job.nextRunAt) as number).update({ locked_at: Date.now(), last_modified_by: options?.lastModifiedBy ?? null });
    return n ? ((await this.getJobById(String(job._id))) ?? undefined) : undefined;
  }

  async unlockJob(job: JobParameters): Promise<void> {
    if (job._id) await this.q().where({ id: String(job._id) }).whereNotNull('next_run_at').update({ locked_at: null });
  }

  async unlockJobs(jobIds: string[]): Promise<void> {
    if (jobIds.length) await this.q().whereIn('id', jobIds.map(String)).update({ locked_at: null });
  }

  /** Finds the next due job of `jobName` and locks it; the conditional UPDATE lets exactly one process win it. */
  async getNextJobToRun(jobName: string, nextScanAt: Date, lockDeadline: Date, now: Date | undefined, options: JobRepositoryOptions | undefined): Promise<JobParameters | undefined> {
    const runnable = (q: Knex.QueryBuilder) => q.where({ name: jobName, disabled: false }).where((w) => w
      .where((a) => a.whereNull('locked_at').where('next_run_at', '<=', nextScanAt.getTime()))
      .orWhere('locked_at', '<=', lockDeadline.getTime()));
    for (let tries = 0; tries < 5; tries++) {
      const candidate = await runnable(this.q()).orderBy([{ column: 'next_run_at', order: 'asc' }, { column: 'priority', order: 'desc' }]).first();
      if (!candidate) return undefined;
      const lockedAt = (now ?? new Date()).getTime();
      const won = await runnable(this.q().where({ id: candidate.id })).update({ locked_at: lockedAt, last_modified_by: options?.lastModifiedBy ?? null });
      if (won) return (await this.getJobById(candidate.id)) ?? undefined;
    }
    return undefined;
  }
}
