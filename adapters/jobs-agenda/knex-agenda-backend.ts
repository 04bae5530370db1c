import type { Knex } from 'knex';
import type { AgendaBackend, NotificationChannel } from 'agenda';
import { InMemoryNotificationChannel } from 'agenda';
import { KnexJobRepository } from './knex-job-repository.ts';

/**
 * agenda v6 ships no SQLite backend: this one keeps jobs in the `job_queue` table of our own database (migration
 * 0008), over the knex instance the store uses, so the embedded default needs nothing else. Jobs saved by this
 * process wake its processor at once (an in-process channel); other processes on the same file poll.
 */
export class KnexAgendaBackend implements AgendaBackend {
  readonly name = 'knex';
  readonly repository: KnexJobRepository;
  readonly notificationChannel: NotificationChannel;
  /** The knex instance belongs to the store, which closes it. */
  readonly ownsConnection = false;

  constructor(knex: Knex, table = 'job_queue') {
    this.repository = new KnexJobRepository(knex, table);
    this.notificationChannel = new InMemoryNotificationChannel();
  }

  async connect(): Promise<void> { await this.repository.connect(); }
  async disconnect(): Promise<void> { /* the store closes the connection */ }
}
