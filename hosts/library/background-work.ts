import type { Container } from 'inversify';
import type { Knex } from 'knex';
import { T } from '../../core/ports/tokens.ts';
import type { RecordRequest } from '../../core/keys/record-request.ts';
import type { SweepUnclaimedBlobs } from '../../core/blobs/sweep-unclaimed-blobs.ts';
import type { SendDueEmails } from '../../core/emails/send-due-emails.ts';
import { WebhookPump } from '../../adapters/jobs-agenda/webhook-pump.ts';
import { AgendaJobScheduler } from '../../adapters/jobs-agenda/agenda-job-scheduler.ts';
import { openJobBackend } from '../../adapters/jobs-agenda/job-backend.ts';
import type { MailServiceOptions, ResolvedConfig } from './config.ts';

/** Every timer runs at most one pass at a time, and never keeps the process alive by itself. */
function every(ms: number, work: () => Promise<unknown>, onError: (e: unknown) => void): NodeJS.Timeout {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    work().catch(onError).finally(() => { running = false; });
  }, ms);
  timer.unref();
  return timer;
}

/**
 * What runs besides requests: buffered request-log writes, the sweep of unclaimed upload bytes, scheduled mail,
 * and durable jobs (webhook deliveries on agenda). `stop` ends them in order before the database closes.
 */
export async function startBackgroundWork(container: Container, config: ResolvedConfig, options: MailServiceOptions, knex: Knex) {
  const reportError = (e: unknown) => options.onBackgroundError?.(e);
  const recorder = container.get<RecordRequest>(T.RecordRequest);
  const sweep = container.get<SweepUnclaimedBlobs>(T.SweepUnclaimedBlobs);
  const sendDue = container.get<SendDueEmails>(T.SendDueEmails);
  const timers = [
    every(250, () => recorder.flush(), reportError),
    every(3_600_000, () => sweep.execute(), reportError),
    every(5_000, () => sendDue.execute(), reportError),
  ];
  void sweep.execute().catch(reportError); // also at start: a crash may have left some behind

  // The pump stores a dispatch job whenever there is work; agenda runs each stored job once, in one process.
  const jobs = new AgendaJobScheduler(await openJobBackend(config.jobs, config.jobs.backend === 'sqlite' ? knex : null), { onError: reportError });
  const pump = new WebhookPump(jobs, container.get(T.WebhookDispatcher), { pollMs: 100, lockLifetimeMs: 2_000, onError: reportError });
  pump.register();
  await jobs.start();
  pump.start();

  return {
    async stop(): Promise<void> {
      pump.stop();
      await jobs.stop().catch(reportError);
      for (const t of timers) clearInterval(t);
      await recorder.flush().catch(reportError);
    },
  };
}
