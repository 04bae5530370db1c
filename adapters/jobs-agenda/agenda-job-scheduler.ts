import { Agenda, type AgendaBackend } from 'agenda';
import type { JobHandler, JobOptions, JobScheduler } from '../../core/ports/job-scheduler.ts';

const DEFAULT_LOCK_LIFETIME_MS = 2_000;

/** The JobScheduler port over agenda v6: a job is a stored agenda job; agenda's lock makes each run happen once. */
export class AgendaJobScheduler implements JobScheduler {
  private readonly agenda: Agenda;
  private started = false;

  constructor(private readonly backend: AgendaBackend, options: { processEveryMs?: number; name?: string; onError?: (e: unknown) => void } = {}) {
    this.agenda = new Agenda({
      backend, processEvery: options.processEveryMs ?? 1_000, name: options.name, removeOnComplete: true, defaultLockLifetime: DEFAULT_LOCK_LIFETIME_MS,
    });
    this.agenda.on('error', (e) => options.onError?.(e));
    this.agenda.on('fail', (e) => options.onError?.(e));
  }

  /**
   * A running job's lock is renewed every third of its lifetime, so a short lifetime only means a dead process's
   * job is taken over soon. (agenda also re-checks a job's lock on a timer of half the lifetime that outlives the
   * run; a short lifetime keeps that from holding a stopping process open.)
   */
  define(name: string, handler: JobHandler, options: JobOptions = {}): void {
    const lifetime = options.lockLifetimeMs ?? DEFAULT_LOCK_LIFETIME_MS;
    this.agenda.define(name, async (job) => {
      const heartbeat = setInterval(() => { job.touch().catch(() => undefined); }, Math.max(100, Math.floor(lifetime / 3)));
      heartbeat.unref();
      try {
        await handler((job.attrs.data ?? {}) as Record<string, unknown>);
      } finally {
        clearInterval(heartbeat);
      }
    }, { concurrency: options.concurrency, lockLifetime: lifetime, removeOnComplete: true });
  }

  async now(name: string, data: Record<string, unknown> = {}): Promise<void> {
    await this.agenda.now(name, data);
  }

  async at(name: string, at: Date, data: Record<string, unknown> = {}): Promise<void> {
    await this.agenda.schedule(at, name, data);
  }

  async start(): Promise<void> {
    await this.agenda.start();
    this.started = true;
  }

  async stop(): Promise<void> {
    // Waits (a bounded time) for runs under way, so none is cut off by the database closing under it.
    if (this.started) await this.agenda.drain({ timeout: 15_000, closeConnection: false });
    this.started = false;
    await (this.backend as { closePool?: () => Promise<void> }).closePool?.();
  }
}
