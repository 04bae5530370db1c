import { recordEvent } from '../events/record-event.ts';
import { typedEvent } from '../events/event-types.ts';
import { domainOf } from '../kernel/emails.ts';
import { notFound } from '../kernel/errors.ts';
import { emailEventData, emailView, recipientsOf, type Email, type EmailView } from './email.ts';
import { parseSend, type SendEmailInput } from './email-input.ts';
import { requireSender } from './sender.ts';
import { requireSendAllowance } from './send-allowance.ts';
import { appendSignature, signatureForSend } from './send-signature.ts';
import { attachmentsInReach } from './send-attachments.ts';
import type { DeliverEmail } from './deliver-email.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';
import { sortableHex } from '../kernel/sortable-id.ts';

/** `"Name" <address>`, quoting the name so no character of it can change the header's meaning. */
const fromHeader = (name: string | null, address: string) =>
  name ? `"${name.replace(/[\\"]/g, (c) => `\\${c}`)}" <${address}>` : address;

/**
 * POST /emails. Checks the body, the from address (403 `from_address_forbidden`), attachments and signature,
 * then the monthly allowance (429 `send_quota_exceeded`), and stores the email with `email.queued` (or
 * `email.scheduled`) in one transaction. Immediate mail is then handed to the mailer in the same request,
 * after the row commits (so a crash mid-send leaves a queued row, never a sent message without one).
 */
export class SendEmail {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock, private readonly deliver: DeliverEmail) {}

  /** `linkBase` is where this API is reached (`https://host`): marketing mail links its one-click unsubscribe there. */
  async execute(caller: Caller, input: SendEmailInput, linkBase: string): Promise<EmailView> {
    const now = this.clock.now();
    const parsed = parseSend(input, now);
    const address = parsed.from.address;
    const { senderName } = await requireSender(this.store, caller, address, now);
    await attachmentsInReach(this.store, caller, parsed.attachments);
    const signature = await signatureForSend(this.store, caller.workspaceId, address, parsed.signatureId);
    const workspace = await this.store.directory.workspace(caller.workspaceId);
    if (!workspace) throw notFound('workspace');
    const at = now.toISOString();
    const email: Email = {
      id: `em_${sortableHex(now, this.ids)}`, workspaceId: caller.workspaceId,
      from: fromHeader(parsed.from.name ?? senderName ?? workspace.name, address), fromAddress: address,
      to: parsed.to, cc: parsed.cc, bcc: parsed.bcc, subject: parsed.subject, html: appendSignature(parsed.html, signature),
      text: parsed.text, replyTo: parsed.replyTo, headers: parsed.headers, attachments: parsed.attachments,
      signatureId: signature?.id ?? null, tags: parsed.tags, marketing: parsed.marketing,
      status: parsed.scheduledAt ? 'scheduled' : 'queued', scheduledAt: parsed.scheduledAt?.toISOString() ?? null,
      suppressed: [], messageId: null, error: null, linkBase,
      createdAt: at, updatedAt: at, sentAt: null, failedAt: null, cancelledAt: null,
    };
    await this.store.transaction(async (tx) => {
      await requireSendAllowance(tx, caller.workspaceId, workspace.plan, recipientsOf(email).length, now);
      await tx.emails.insert(email);
      await recordEvent(tx, this.ids, this.clock, typedEvent(email.status === 'scheduled' ? 'email.scheduled' : 'email.queued', {
        workspaceId: caller.workspaceId, address, domain: domainOf(address), data: emailEventData(email, { scheduledAt: email.scheduledAt }),
      }));
      // spec: Resources — File `usage`: `scheduled` while attached to a scheduled message.
      if (email.status === 'scheduled') for (const id of email.attachments) await tx.files.setUsage(caller.workspaceId, id, 'scheduled');
    });
    return emailView(email.status === 'queued' ? await this.deliver.execute(email) : email);
  }
}
