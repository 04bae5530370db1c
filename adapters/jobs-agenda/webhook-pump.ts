import type { JobScheduler } from '../../core/ports/job-scheduler.ts';
import type { WebhookDispatcher } from '../../core/webhooks/webhook-dispatcher.ts';

export const DISPATCH_JOB = 'webhooks.dispatch';
/** A job kicked here may be run by another process; after this long without a local run, kick again (a spare run finds nothing to do). */
const KICK_GAP_MS = 300;

/**
 * Keeps deliveries moving. Other areas only write outbox rows, so a light poll notices new events and due
 * retries and stores a `webhooks.dispatch` job, which the durable scheduler runs once, in one process. The
 * pacing below is wall-clock on purpose: it paces the poll, while every rule about when an attempt is due
 * reads the clock port inside the dispatcher.
 */
export class WebhookPump {
  private timer: ReturnType<typeof setInterval> | null = null;
  private checking = false;
  private running = 0;
  private kickedAt = 0;

  constructor(
    private readonly scheduler: JobScheduler, private readonly dispatcher: WebhookDispatcher,
    private readonly options: { pollMs: number; lockLifetimeMs: number; onError(error: unknown): void },
  ) {}

  /** Defines the job; call before the scheduler starts. */
  register(): void {
    this.scheduler.define(DISPATCH_JOB, async () => {
      this.running++;
      try {
        await this.dispatcher.drain();
      } finally {
        this.running--;
        this.kickedAt = 0;
      }
    }, { concurrency: 2, lockLifetimeMs: this.options.lockLifetimeMs });
  }

  start(): void {
    this.timer ??= setInterval(() => { void this.tick(); }, this.options.pollMs);
    (this.timer as { unref?: () => void }).unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Stores a dispatch job when there is work and none of ours is already queued or running. */
  async tick(): Promise<void> {
    if (this.checking || this.running > 0 || Date.now() - this.kickedAt < KICK_GAP_MS) return;
    this.checking = true;
    try {
      if (await this.dispatcher.hasWork()) {
        this.kickedAt = Date.now();
        await this.scheduler.now(DISPATCH_JOB);
      }
    } catch (e) {
      this.options.onError(e);
    } finally {
      this.checking = false;
    }
  }
}
