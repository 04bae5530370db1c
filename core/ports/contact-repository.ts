import type { Position } from '../kernel/paging.ts';
import type { Audience } from './repositories.ts';
import type { Membership, StoredContact } from '../contacts/contact.ts';

/** An audience with what is counted at read time (spec: Resources — Audience). */
export interface CountedAudience extends Audience { contactCount: number; lastContactAt: string | null }

export interface ContactQuery {
  /** Lower-cased; matches part of the e-mail address or the name, ignoring case. */
  q?: string;
  audienceId?: string;
}

/** The growth window, already resolved (core/audiences/growth-window.ts). */
export interface GrowthRequest {
  /** Null means every audience of the workspace. */
  audienceIds: string[] | null;
  /** Inclusive start of the oldest bucket. */
  since: string;
  /** Bucket width in minutes (1, 60 or 1440) and the shift of local time from UTC in minutes. */
  grainMinutes: number;
  offsetMinutes: number;
}

export interface GrowthSeriesRow {
  audienceId: string; total: number; subscribed: number; before: number; added: number; unsubscribed: number;
}

/** `bucket` is the index of the bucket: local minutes since the epoch divided by the grain. */
export interface GrowthBucketRow { audienceId: string; bucket: number; added: number; unsubscribed: number }

export interface GrowthRows {
  series: GrowthSeriesRow[];
  buckets: GrowthBucketRow[];
  /** Distinct people over the audiences read, and those subscribed to at least one of them. */
  contacts: number;
  subscribedContacts: number;
}

/**
 * Contacts, their memberships and the audience reads that count them. Memberships of an audience are rows of
 * `audience_members`, which the fixture loader also writes through AudienceRepository.
 */
export interface ContactRepository {
  /** Holds other contact and audience writes of the workspace until the transaction ends (limits, imports). */
  lockWorkspace(workspaceId: string): Promise<void>;

  getAudience(workspaceId: string, id: string): Promise<CountedAudience | null>;
  /** The default audience first, then the rest by `createdAt` desc, `id` desc, continuing after `after`. */
  listAudiences(workspaceId: string, after: Audience | null, limit: number): Promise<CountedAudience[]>;
  /** The audiences of the workspace among `ids`, or all of them when `ids` is null; unordered, uncounted. */
  audiencesNamed(workspaceId: string, ids: string[] | null): Promise<Audience[]>;
  /** Audiences other than the built-in one. */
  countAudiences(workspaceId: string): Promise<number>;

  get(workspaceId: string, id: string): Promise<StoredContact | null>;
  byEmails(workspaceId: string, emails: string[]): Promise<StoredContact[]>;
  /** Newest first: `createdAt` desc, `id` desc; position `[createdAt, id]`. */
  list(workspaceId: string, query: ContactQuery, after: Position | null, limit: number): Promise<StoredContact[]>;
  /** False when the id or the e-mail address is already held in the workspace. */
  insert(contact: StoredContact): Promise<boolean>;
  /** Inserts contacts known to be new (an import, under the workspace lock). */
  insertMany(contacts: StoredContact[]): Promise<void>;
  /** Writes name, custom fields and `updatedAt`. */
  update(contact: StoredContact): Promise<void>;
  /** Deletes the contacts and their memberships; answers the ids that existed. */
  delete(workspaceId: string, ids: string[]): Promise<string[]>;

  /** Every membership of the contacts, by audience id. */
  memberships(contactIds: string[]): Promise<Membership[]>;
  /** Adds memberships; one already there keeps its join time and state. Answers how many were new. */
  join(memberships: Membership[]): Promise<number>;
  leave(audienceId: string, contactId: string): Promise<boolean>;
  /**
   * Sets the subscribed state of the contact's memberships in `audienceIds` (all of them when null):
   * `unsubscribedAt` a time unsubscribes, null re-subscribes. Answers the audience ids whose state changed.
   */
  setSubscribed(contactId: string, audienceIds: string[] | null, unsubscribedAt: string | null): Promise<string[]>;

  /** spec: GET /audiences/growth, aggregated in the database (GROUP BY over the bucket), never row by row. */
  growth(workspaceId: string, request: GrowthRequest): Promise<GrowthRows>;
}
