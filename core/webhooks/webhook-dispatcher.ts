import type { AttemptDelivery } from './attempt-delivery.ts';
import type { FanOutEvents } from './fan-out-events.ts';
import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/repositories.ts';

export interface DispatcherOptions {
  /** Attempts in flight at once in one process. */
  concurrency: number;
  /** How long a claimed delivery stays ours; longer than an attempt's timeout, so no live attempt loses it. */
  leaseMs: number;
  onError(error: unknown): void;
}

/**
 * Turns the outbox into deliveries, then attempts every due delivery it can lease. Times come from the clock
 * port, so a test moves the clock to make the next retry due instead of sleeping. Several processes may run
 * this at once: routing is idempotent and each delivery is leased by one of them.
 */
export class WebhookDispatcher {
  constructor(
    private readonly store: Store, private readonly clock: Clock, private readonly fanOut: FanOutEvents,
    private readonly attempt: AttemptDelivery, private readonly options: DispatcherOptions,
  ) {}

  hasWork(): Promise<boolean> {
    return this.store.webhooks.hasWork(this.clock.now().toISOString());
  }

  async runOnce(): Promise<{ routed: number; attempted: number }> {
    const routed = await this.fanOut.execute();
    const now = this.clock.now();
    const claimed = await this.store.webhooks.claimDue(now.toISOString(), new Date(now.getTime() + this.options.leaseMs).toISOString(), this.options.concurrency * 4);
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const delivery = claimed[next++]!;
        await this.attempt.execute(delivery).catch(this.options.onError);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency, claimed.length) }, worker));
    return { routed, attempted: claimed.length };
  }

  /** Runs until nothing is left to do now, or `rounds` passes (the job is then simply started again). */
  async drain(rounds = 200): Promise<void> {
    for (let i = 0; i < rounds; i++) {
      const { routed, attempted } = await this.runOnce();
      if (routed === 0 && attempted === 0) return;
    }
  }
}
