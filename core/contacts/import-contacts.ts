import { ensureDefaultAudience } from '../audiences/default-audience.ts';
import { AppError, invalid } from '../kernel/errors.ts';
import { audienceIdList, contactEmail, contactName, customFields } from './contact-input.ts';
import { CONTACT_LIMITS, contactId, type CustomFields, type StoredContact } from './contact.ts';
import { joinAudiences, resolveAudiences } from './join-audiences.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

export interface ImportContactsInput { contacts: unknown; audienceIds?: unknown }

export interface ImportResult {
  object: 'contact_import';
  /** Rows read (repeats of one address count once), contacts made, contacts already held. */
  total: number; created: number; existing: number;
  /** Memberships added, in the default audience and those named. */
  joined: number;
}

interface Row { email: string; name: string | null; customFields: CustomFields }

/**
 * POST /contacts/import: up to 1,000 contacts in one transaction; every row is checked before anything is written,
 * so a bad row (named by its index, `contacts.3.email`) changes nothing. New addresses become contacts with
 * source `import`; held ones keep their name and fields. All join the default audience and those named.
 * spec: Events — imports raise no per-contact events.
 */
export class ImportContacts {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock) {}

  async execute(caller: Caller, input: ImportContactsInput): Promise<ImportResult> {
    const rows = readRows(input.contacts);
    const audienceIds = audienceIdList(input.audienceIds);
    const at = this.clock.now().toISOString();
    return this.store.transaction(async (tx) => {
      await tx.contacts.lockWorkspace(caller.workspaceId);
      const audiences = await resolveAudiences(tx, caller.workspaceId, audienceIds, 'audienceIds');
      const held = await tx.contacts.byEmails(caller.workspaceId, rows.map((r) => r.email));
      const heldEmails = new Set(held.map((c) => c.email));
      const fresh: StoredContact[] = rows.filter((r) => !heldEmails.has(r.email)).map((r) => ({
        id: contactId(this.ids.hex(12)), workspaceId: caller.workspaceId, email: r.email, name: r.name, customFields: r.customFields,
        source: 'import', createdAt: at, updatedAt: at,
      }));
      await tx.contacts.insertMany(fresh);
      const defaultId = await ensureDefaultAudience(tx, this.ids, caller.workspaceId, at);
      const joined = await joinAudiences(tx, caller.workspaceId, [...held, ...fresh], [...new Set([defaultId, ...audiences.map((a) => a.id)])], at);
      return { object: 'contact_import' as const, total: rows.length, created: fresh.length, existing: held.length, joined };
    });
  }
}

/** Repeats of one address count once; the first row for it wins. */
function readRows(value: unknown): Row[] {
  if (!Array.isArray(value) || value.length < 1 || value.length > CONTACT_LIMITS.importMax) {
    throw invalid('contacts', `\`contacts\` lists 1 to ${CONTACT_LIMITS.importMax} contacts.`);
  }
  const rows = new Map<string, Row>();
  value.forEach((item, i) => {
    const at = `contacts.${i}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw invalid(at, 'Each contact is an object with `email`.');
    const { email, name, customFields: fields, ...rest } = item as Record<string, unknown>;
    const unknown = Object.keys(rest)[0];
    if (unknown !== undefined) throw new AppError('unknown_parameter', `Unknown parameter \`${at}.${unknown}\`.`, `${at}.${unknown}`);
    const row = { email: contactEmail(email, `${at}.email`), name: contactName(name, `${at}.name`), customFields: fields === undefined ? {} : customFields(fields, `${at}.customFields`) };
    if (!rows.has(row.email)) rows.set(row.email, row);
  });
  return [...rows.values()];
}
