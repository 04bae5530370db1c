import { recordEvent } from '../events/record-event.ts';
import { typedEvent } from '../events/event-types.ts';
import { domainOf } from '../kernel/emails.ts';
import { AppError } from '../kernel/errors.ts';
import { emailEventData, emailView, moveEmail, type EmailView } from './email.ts';
import { visibleEmail } from './email-access.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

/** POST /emails/{id}/cancel: only a scheduled email (409 `email_not_cancellable` otherwise); fires `email.cancelled`. */
export class CancelEmail {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock) {}

  async execute(caller: Caller, id: string): Promise<EmailView> {
    return this.store.transaction(async (tx) => {
      const email = await visibleEmail(tx, caller, id);
      const cancelled = moveEmail(email, 'cancel', this.clock.now().toISOString());
      // The due-check may have taken it a moment ago: then it is no longer scheduled.
      if (!(await tx.emails.update(cancelled, 'scheduled'))) {
        throw new AppError('email_not_cancellable', 'The email is already on its way; only a scheduled email can be cancelled.', 'id');
      }
      await recordEvent(tx, this.ids, this.clock, typedEvent('email.cancelled', {
        workspaceId: email.workspaceId, address: email.fromAddress, domain: domainOf(email.fromAddress), data: emailEventData(cancelled),
      }));
      for (const fileId of email.attachments) await tx.files.setUsage(email.workspaceId, fileId, null);
      return emailView(cancelled);
    });
  }
}
