import type { Position } from '../kernel/paging.ts';
import type { Suppression, SuppressionReason, Unsubscribe, UnsubscribeSource } from '../suppressions/suppression.ts';

/** The workspace's suppression list and unsubscribe list; e-mail addresses are stored lower-cased. */
export interface SuppressionRepository {
  get(workspaceId: string, id: string): Promise<Suppression | null>;
  byEmail(workspaceId: string, email: string): Promise<Suppression | null>;
  /** Newest first; position `[createdAt, id]`. `q` (lower-cased) matches part of the address. */
  list(workspaceId: string, query: { q?: string; reason?: SuppressionReason }, after: Position | null, limit: number): Promise<Suppression[]>;
  /** False when the address is already listed. */
  insert(suppression: Suppression): Promise<boolean>;
  delete(workspaceId: string, id: string): Promise<void>;

  unsubscribe(workspaceId: string, email: string): Promise<Unsubscribe | null>;
  /** The records among `emails` (lower-cased). */
  unsubscribesAmong(workspaceId: string, emails: string[]): Promise<Unsubscribe[]>;
  /** Newest first; position `[createdAt, email]`. `email` is one whole address. */
  listUnsubscribes(workspaceId: string, query: { email?: string; source?: UnsubscribeSource }, after: Position | null, limit: number): Promise<Unsubscribe[]>;
  /** False when the address is already on the list. */
  insertUnsubscribe(unsubscribe: Unsubscribe): Promise<boolean>;
  /** Adds audience ids to a record's `audienceIds` (memberships made while the address is unsubscribed). */
  addUnsubscribedAudiences(workspaceId: string, email: string, audienceIds: string[]): Promise<void>;
  deleteUnsubscribe(workspaceId: string, email: string): Promise<void>;
}
