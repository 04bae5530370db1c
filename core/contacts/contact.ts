// spec: Endpoints — Contacts ("paths and payloads not shown"): the contacts area is designed in the spec's style.
// A contact is one person of a workspace, keyed by its e-mail address (trimmed and lower-cased, host contract),
// with a name, a JSON record of custom fields, and a subscribed state per audience it belongs to.

export type FieldValue = string | number | boolean;
export type CustomFields = Record<string, FieldValue>;

/** How a contact came: one at a time through the API, in bulk, or from a fixture file. */
export type ContactSource = 'api' | 'import' | 'fixture';

export interface StoredContact {
  id: string; workspaceId: string; email: string; name: string | null; customFields: CustomFields;
  source: ContactSource | null; createdAt: string; updatedAt: string;
}

/** A contact's place in one audience; subscribed while `unsubscribedAt` is null. */
export interface Membership { audienceId: string; contactId: string; joinedAt: string; unsubscribedAt: string | null }

export const CONTACT_LIMITS = {
  nameMax: 200,
  fieldsMax: 50,
  fieldKeyMax: 64,
  fieldValueMax: 2_000,
  /** Contacts in one import call. */
  importMax: 1_000,
  /** Audiences a create or import may name. */
  audiencesMax: 50,
  /** spec: Events — removals of more than this many contacts in one call raise no per-contact events. */
  eventfulRemovalsMax: 25,
  /** Ids in one batch delete. */
  batchDeleteMax: 100,
  queryMax: 320,
} as const;

export const contactId = (hex: string): string => `con_${hex}`;
