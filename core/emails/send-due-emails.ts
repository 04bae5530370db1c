import { recordEvent } from '../events/record-event.ts';
import { typedEvent } from '../events/event-types.ts';
import { domainOf } from '../kernel/emails.ts';
import { emailEventData, moveEmail } from './email.ts';
import type { DeliverEmail } from './deliver-email.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

const BATCH = 50;

/**
 * Sends scheduled email whose time has come. The host runs it every few seconds. Each email is claimed by a
 * conditional move (scheduled -> queued) first, so two processes never both send it and a cancel racing it loses.
 */
export class SendDueEmails {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock, private readonly deliver: DeliverEmail) {}

  /** Answers how many emails it handed to delivery. */
  async execute(): Promise<number> {
    let handed = 0;
    for (const email of await this.store.emails.due(this.clock.now().toISOString(), BATCH)) {
      const queued = moveEmail(email, 'due', this.clock.now().toISOString());
      const claimed = await this.store.transaction(async (tx) => {
        if (!(await tx.emails.update(queued, 'scheduled'))) return false;
        await recordEvent(tx, this.ids, this.clock, typedEvent('email.queued', {
          workspaceId: email.workspaceId, address: email.fromAddress, domain: domainOf(email.fromAddress), data: emailEventData(queued),
        }));
        return true;
      });
      if (!claimed) continue;
      await this.deliver.execute(queued);
      handed += 1;
    }
    return handed;
  }
}
