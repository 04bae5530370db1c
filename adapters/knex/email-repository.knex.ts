import type { Knex } from 'knex';
import type { Position } from '../../core/kernel/paging.ts';
import type { Email, EmailStatus } from '../../core/emails/email.ts';
import type { EmailReach, EmailRepository } from '../../core/ports/email-repository.ts';
import { newestFirst } from './queries.ts';
import { fromJson, toBool, toJson, toNumber, unstorable } from './values.ts';

interface EmailRow {
  id: string; workspace_id: string; from_header: string; from_address: string; to_addresses: string; cc_addresses: string;
  bcc_addresses: string; recipient_count: number; subject: string; html: string | null; text_body: string | null;
  reply_to: string | null; headers: string; attachments: string; signature_id: string | null; tags: string;
  marketing: boolean | number; status: string; scheduled_at: string | null; suppressed: string; message_id: string | null;
  error: string | null; link_base: string; created_at: string; updated_at: string; sent_at: string | null;
  failed_at: string | null; cancelled_at: string | null;
}

const email = (r: EmailRow): Email => ({
  id: r.id, workspaceId: r.workspace_id, from: r.from_header, fromAddress: r.from_address,
  to: fromJson(r.to_addresses), cc: fromJson(r.cc_addresses), bcc: fromJson(r.bcc_addresses), subject: r.subject,
  html: r.html, text: r.text_body, replyTo: r.reply_to, headers: fromJson(r.headers), attachments: fromJson(r.attachments),
  signatureId: r.signature_id, tags: fromJson(r.tags), marketing: toBool(r.marketing), status: r.status as EmailStatus,
  scheduledAt: r.scheduled_at, suppressed: fromJson(r.suppressed), messageId: r.message_id, error: r.error, linkBase: r.link_base,
  createdAt: r.created_at, updatedAt: r.updated_at, sentAt: r.sent_at, failedAt: r.failed_at, cancelledAt: r.cancelled_at,
});

/** The columns a move changes. */
const state = (e: Email) => ({
  status: e.status, suppressed: toJson(e.suppressed), message_id: e.messageId, error: e.error, updated_at: e.updatedAt,
  sent_at: e.sentAt, failed_at: e.failedAt, cancelled_at: e.cancelledAt,
});

const COUNTED: EmailStatus[] = ['queued', 'scheduled', 'sent'];

export class KnexEmailRepository implements EmailRepository {
  constructor(private readonly db: Knex) {}

  async get(workspaceId: string, id: string): Promise<Email | null> {
    if (unstorable(workspaceId, id)) return null;
    const row = await this.db<EmailRow>('emails').where({ workspace_id: workspaceId, id }).first();
    return row ? email(row) : null;
  }

  async list(workspaceId: string, reach: EmailReach | null, after: Position | null, limit: number): Promise<Email[]> {
    const q = this.db<EmailRow>('emails').where({ workspace_id: workspaceId });
    if (reach) {
      // A domain is held whole: match by suffix. Domain names hold no LIKE wildcards (letters, digits, dots, dashes).
      q.andWhere((w) => {
        w.whereIn('from_address', [...reach.addresses, '']);
        for (const d of reach.domains) w.orWhere('from_address', 'like', `%@${d}`);
      });
    }
    return ((await newestFirst(q, after).limit(limit)) as EmailRow[]).map(email);
  }

  async insert(e: Email): Promise<void> {
    await this.db('emails').insert({
      id: e.id, workspace_id: e.workspaceId, from_header: e.from, from_address: e.fromAddress, to_addresses: toJson(e.to),
      cc_addresses: toJson(e.cc), bcc_addresses: toJson(e.bcc), recipient_count: e.to.length + e.cc.length + e.bcc.length,
      subject: e.subject, html: e.html, text_body: e.text, reply_to: e.replyTo, headers: toJson(e.headers),
      attachments: toJson(e.attachments), signature_id: e.signatureId, tags: toJson(e.tags), marketing: e.marketing,
      scheduled_at: e.scheduledAt, link_base: e.linkBase, created_at: e.createdAt, ...state(e),
    });
  }

  async update(e: Email, expected: EmailStatus): Promise<boolean> {
    const n = await this.db('emails').where({ workspace_id: e.workspaceId, id: e.id, status: expected }).update(state(e));
    return toNumber(n) > 0;
  }

  async due(now: string, limit: number): Promise<Email[]> {
    const rows = await this.db<EmailRow>('emails').where({ status: 'scheduled' }).andWhere('scheduled_at', '<=', now)
      .orderBy([{ column: 'scheduled_at', order: 'asc' }, { column: 'id', order: 'asc' }]).limit(limit);
    return (rows as EmailRow[]).map(email);
  }

  async recipientsSince(workspaceId: string, since: string): Promise<number> {
    const row = await this.db('emails').where({ workspace_id: workspaceId }).andWhere('created_at', '>=', since)
      .whereIn('status', COUNTED).sum({ n: 'recipient_count' }).first() as { n: number | string | null } | undefined;
    return toNumber(row?.n ?? 0);
  }
}
