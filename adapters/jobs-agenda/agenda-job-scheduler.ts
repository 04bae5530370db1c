import { Agenda, type AgendaBackend } from 'agenda';
import type { JobHandler, JobOptions, JobScheduler } from '../../core/ports/job-scheduler.ts';

/** The JobScheduler port over agenda v6: a job is a stored agenda job; agenda's lock makes each run happen once. */
export class AgendaJobScheduler implements JobScheduler {
  private readonly agenda: Agenda;
  private started = false;

  constructor(private readonly backend: AgendaBackend, options: { processEveryMs?: number; name?: string; onError?: (e: unknown) => void } = {}) {
    this.agenda = new Agenda({
      backend, processEvery: options.processEveryMs ?? 1_000, name: options.name, removeOnComplete: true, defaultLockLifetime: 60_000,
    });
    this.agenda.on('error', (e) => options.onError?.(e));
    this.agenda.on('fail', (e) => options.onError?.(e));
  }

  define(name: string, handler: JobHandler, options: JobOptions = {}): void {
    this.agenda.define(name, async (job) => { await handler((job.attrs.data ?? {}) as Record<string, unknown>); }, {
      concurrency: options.concurrency, lockLifetime: options.lockLifetimeMs, removeOnComplete: true,
    });
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
    if (this.started) await this.agenda.stop(false);
    this.started = false;
    await (this.backend as { closePool?: () => Promise<void> }).closePool?.();
  }
}
