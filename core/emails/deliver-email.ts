import { recordEvent } from '../events/record-event.ts';
import { typedEvent } from '../events/event-types.ts';
import { domainOf } from '../kernel/emails.ts';
import { emailEventData, moveEmail, recipientsOf, type Email } from './email.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';
import type { BlobStore } from '../ports/blob-store.ts';
import type { Clock } from '../ports/clock.ts';
import type { Signer } from '../ports/crypto.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { MailAttachment, Mailer, OutgoingMail } from '../ports/mailer.ts';
import type { Store } from '../ports/repositories.ts';
import type { DomainSigningKey } from '../domains/signing-key.ts';

interface Refusal { email: string; reason: 'suppressed' | 'unsubscribed' }

/**
 * Hands one queued email to the mailer, after its row has committed. spec: Suppression and unsubscribe — "a
 * suppressed recipient is refused before anything leaves; a message whose recipients are all suppressed fails
 * outright. Unsubscribes stop marketing mail only". Each refused recipient raises `email.suppressed`. Marketing
 * mail goes out one message per recipient, each with its own RFC 8058 one-click link (the token names them).
 */
export class DeliverEmail {
  constructor(
    private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock,
    private readonly mailer: Mailer, private readonly signingKey: DomainSigningKey, private readonly blobs: BlobStore,
    private readonly signer: Signer, private readonly serviceHost: string,
  ) {}

  async execute(email: Email): Promise<Email> {
    const refused = await this.refusals(email);
    const dropped = new Set(refused.map((r) => r.email));
    const keep = (list: string[]) => list.filter((a) => !dropped.has(a));
    const suppressed = [...dropped];
    let outcome: Email;
    if (!recipientsOf(email).some((a) => !dropped.has(a))) {
      outcome = moveEmail(email, 'fail', this.now(), { suppressed, error: 'Every recipient is suppressed or unsubscribed.' });
    } else {
      try {
        const messageId = await this.send(email, { to: keep(email.to), cc: keep(email.cc), bcc: keep(email.bcc) });
        outcome = moveEmail(email, 'send', this.now(), { suppressed, messageId });
      } catch (e) {
        outcome = moveEmail(email, 'fail', this.now(), { suppressed, error: e instanceof Error ? e.message : String(e) });
      }
    }
    await this.store.transaction(async (tx) => {
      if (!(await tx.emails.update(outcome, 'queued'))) return;
      const scope = { workspaceId: email.workspaceId, address: email.fromAddress, domain: domainOf(email.fromAddress) };
      for (const r of refused) {
        await recordEvent(tx, this.ids, this.clock, typedEvent('email.suppressed', { ...scope, data: emailEventData(outcome, { recipient: r.email, reason: r.reason }) }));
      }
      const type = outcome.status === 'sent' ? 'email.sent' : 'email.failed';
      await recordEvent(tx, this.ids, this.clock, typedEvent(type, { ...scope, data: emailEventData(outcome, { messageId: outcome.messageId, error: outcome.error }) }));
      if (outcome.status === 'sent') for (const id of email.attachments) await tx.files.setUsage(email.workspaceId, id, 'sent');
    });
    return outcome;
  }

  private now(): string {
    return this.clock.now().toISOString();
  }

  private async refusals(email: Email): Promise<Refusal[]> {
    const out: Refusal[] = [];
    const recipients = recipientsOf(email);
    for (const address of recipients) {
      if (await this.store.suppressions.byEmail(email.workspaceId, address)) out.push({ email: address, reason: 'suppressed' });
    }
    if (email.marketing) {
      const listed = new Set(out.map((r) => r.email));
      for (const u of await this.store.suppressions.unsubscribesAmong(email.workspaceId, recipients)) {
        if (!listed.has(u.email)) out.push({ email: u.email, reason: 'unsubscribed' });
      }
    }
    return out;
  }

  /** Answers the Message-ID of the (first) message handed over; throws when the mailer refuses. */
  private async send(email: Email, to: Pick<OutgoingMail, 'to' | 'cc' | 'bcc'>): Promise<string> {
    const base: OutgoingMail = {
      from: email.from, to: to.to, cc: to.cc, bcc: to.bcc, subject: email.subject,
      text: email.text ?? textOf(email.html ?? ''), ...(email.html !== null ? { html: email.html } : {}),
      ...(email.replyTo ? { replyTo: email.replyTo } : {}), headers: { ...email.headers },
      attachments: await this.attachments(email),
      ...await this.dkim(email),
    };
    if (!email.marketing) return (await this.mailer.send(base)).messageId;
    let first: string | null = null;
    for (const recipient of [...to.to, ...(to.cc ?? []), ...(to.bcc ?? [])]) {
      const token = unsubscribeToken(this.signer, email.workspaceId, recipient);
      const headers = {
        ...base.headers,
        'List-Unsubscribe': `<${email.linkBase}/v1/public/unsubscribe/${token}>, <mailto:unsubscribe@${this.serviceHost}?subject=unsubscribe%20${token}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      };
      const { messageId } = await this.mailer.send({ ...base, to: [recipient], cc: [], bcc: [], headers });
      first ??= messageId;
    }
    return first!;
  }

  private async dkim(email: Email): Promise<Pick<OutgoingMail, 'dkim'>> {
    const key = await this.signingKey.forAddress(email.workspaceId, email.fromAddress);
    return key ? { dkim: key } : {};
  }

  private async attachments(email: Email): Promise<MailAttachment[]> {
    const out: MailAttachment[] = [];
    for (const id of email.attachments) {
      const file = await this.store.files.get(email.workspaceId, id);
      if (!file) throw new Error(`Attachment ${id} is gone.`);
      const chunks: Uint8Array[] = [];
      for await (const c of await this.blobs.open(file.blobRef)) chunks.push(c);
      const content = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const c of chunks) { content.set(c, at); at += c.length; }
      out.push({ filename: file.filename, contentType: file.mimeType, content });
    }
    return out;
  }
}

/** A plain-text part for HTML-only mail: tags dropped, entities of the common kind undone. */
const textOf = (html: string): string => html.replace(/<(br|\/p|\/div)\b[^>]*>/gi, '\n').replace(/<[^>]*>/g, '')
  .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&').trim();
