import type { Email, EmailStatus } from '../emails/email.ts';
import type { Position } from '../kernel/paging.ts';

/** What a narrowed caller reaches: mail from these addresses or from any address of these domains. */
export interface EmailReach { addresses: readonly string[]; domains: readonly string[] }

export interface EmailRepository {
  get(workspaceId: string, id: string): Promise<Email | null>;
  /** Newest first: `createdAt` desc, `id` desc; position `[createdAt, id]`. `reach` null sees every email. */
  list(workspaceId: string, reach: EmailReach | null, after: Position | null, limit: number): Promise<Email[]>;
  insert(email: Email): Promise<void>;
  /**
   * Writes the email's state (status, stamps, messageId, error, suppressed) only while its stored status is still
   * `expected`; false when another process moved it first (so a scheduled email is sent or cancelled once).
   */
  update(email: Email, expected: EmailStatus): Promise<boolean>;
  /** Scheduled emails of every workspace due at `now`, oldest due first. */
  due(now: string, limit: number): Promise<Email[]>;
  /** Recipients of emails made since `since` that still count against the allowance (queued, scheduled, sent). */
  recipientsSince(workspaceId: string, since: string): Promise<number>;
}
