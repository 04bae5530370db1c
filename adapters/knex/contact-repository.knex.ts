import type { Knex } from 'knex';
import type { CustomFields, Membership, StoredContact } from '../../core/contacts/contact.ts';
import type { Position } from '../../core/kernel/paging.ts';
import type { ContactQuery, ContactRepository, CountedAudience, GrowthRequest, GrowthRows } from '../../core/ports/contact-repository.ts';
import type { Audience } from '../../core/ports/repositories.ts';
import { dialectOf } from './dialect.ts';
import { audienceGrowth } from './growth-query.knex.ts';
import { insertIfAbsent } from './insert-if-absent.ts';
import { countOf, newestFirst } from './queries.ts';
import { fromJson, toBool, toJson, toNumber, unstorable } from './values.ts';

interface AudienceRow {
  id: string; workspace_id: string; name: string; description: string | null; builtin: string | null;
  show_on_preferences: unknown; created_at: string; updated_at: string;
}
type CountedRow = AudienceRow & { contact_count: number | string; last_contact_at: string | null };
type ContactRow = {
  id: string; workspace_id: string; email: string; name: string | null; name_key: string | null; custom_fields: string; source: string | null;
  created_at: string; updated_at: string;
};
interface MemberRow { audience_id: string; contact_id: string; joined_at: string; unsubscribed_at: string | null }

const audience = (r: AudienceRow): Audience => ({
  id: r.id, workspaceId: r.workspace_id, name: r.name, description: r.description, builtin: r.builtin as Audience['builtin'],
  showOnPreferences: toBool(r.show_on_preferences), createdAt: r.created_at, updatedAt: r.updated_at,
});
const counted = (r: CountedRow): CountedAudience => ({ ...audience(r), contactCount: toNumber(r.contact_count), lastContactAt: r.last_contact_at ?? null });

const contact = (r: ContactRow): StoredContact => ({
  id: r.id, workspaceId: r.workspace_id, email: r.email, name: r.name, customFields: fromJson<CustomFields>(r.custom_fields ?? '{}'),
  source: (r.source ?? 'fixture') as StoredContact['source'], createdAt: r.created_at, updatedAt: r.updated_at,
});
const contactRow = (c: StoredContact): ContactRow => ({
  id: c.id, workspace_id: c.workspaceId, email: c.email, name: c.name, name_key: c.name?.toLowerCase() ?? null, custom_fields: toJson(c.customFields), source: c.source,
  created_at: c.createdAt, updated_at: c.updatedAt,
});
const membership = (r: MemberRow): Membership => ({ audienceId: r.audience_id, contactId: r.contact_id, joinedAt: r.joined_at, unsubscribedAt: r.unsubscribed_at });

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Keeps bound parameters per statement well under SQLite's limit. */
const CHUNK = 500;
const chunks = <T>(xs: T[], size = CHUNK): T[][] => Array.from({ length: Math.ceil(xs.length / size) }, (_, i) => xs.slice(i * size, i * size + size));
const storable = (xs: string[]) => xs.filter((x) => !unstorable(x));

export class KnexContactRepository implements ContactRepository {
  constructor(private readonly db: Knex) {}

  async lockWorkspace(workspaceId: string): Promise<void> {
    // SQLite transactions already hold the database's write lock from their start (store.knex.ts).
    if (dialectOf(this.db) !== 'postgres') return;
    await this.db.raw("select pg_advisory_xact_lock(hashtext('workspace-mail:contacts:' || ?))", [workspaceId]);
  }

  /** Audiences with their member count and latest join, counted from the membership table at read time. */
  private countedAudiences(workspaceId: string) {
    const members = () => this.db('audience_members as m').whereRaw('?? = ??', ['m.audience_id', 'a.id']);
    return this.db<CountedRow>('audiences as a')
      .select('a.*', members().count('*').as('contact_count'), members().max('m.joined_at').as('last_contact_at'))
      .where('a.workspace_id', workspaceId);
  }

  async getAudience(workspaceId: string, id: string): Promise<CountedAudience | null> {
    if (unstorable(workspaceId, id)) return null;
    const row = (await this.countedAudiences(workspaceId).andWhere('a.id', id).first()) as CountedRow | undefined;
    return row ? counted(row) : null;
  }

  async listAudiences(workspaceId: string, after: Audience | null, limit: number): Promise<CountedAudience[]> {
    const q = this.countedAudiences(workspaceId);
    if (after) {
      q.whereNull('a.builtin');
      if (after.builtin === null) q.andWhereRaw('(??, ??) < (?, ?)', ['a.created_at', 'a.id', after.createdAt, after.id]);
    }
    const rows = (await q.orderByRaw('case when a.builtin is null then 1 else 0 end')
      .orderBy([{ column: 'a.created_at', order: 'desc' }, { column: 'a.id', order: 'desc' }]).limit(limit)) as CountedRow[];
    return rows.map(counted);
  }

  async audiencesNamed(workspaceId: string, ids: string[] | null): Promise<Audience[]> {
    const q = this.db<AudienceRow>('audiences').where({ workspace_id: workspaceId });
    if (ids !== null) {
      const wanted = storable(ids);
      if (!wanted.length) return [];
      q.whereIn('id', wanted);
    }
    return (await q).map(audience);
  }

  countAudiences(workspaceId: string): Promise<number> {
    return countOf(this.db('audiences').where({ workspace_id: workspaceId }).whereNull('builtin'));
  }

  async get(workspaceId: string, id: string): Promise<StoredContact | null> {
    if (unstorable(workspaceId, id)) return null;
    const row = await this.db<ContactRow>('contacts').where({ workspace_id: workspaceId, id }).first();
    return row ? contact(row) : null;
  }

  async byEmails(workspaceId: string, emails: string[]): Promise<StoredContact[]> {
    const out: StoredContact[] = [];
    for (const part of chunks(storable(emails))) {
      out.push(...(await this.db<ContactRow>('contacts').where({ workspace_id: workspaceId }).whereIn('email', part)).map(contact));
    }
    return out;
  }

  async list(workspaceId: string, query: ContactQuery, after: Position | null, limit: number): Promise<StoredContact[]> {
    const q = this.db<ContactRow>('contacts as c').select('c.*').where('c.workspace_id', workspaceId);
    if (query.q) {
      const pattern = `%${escapeLike(query.q)}%`;
      q.andWhere((w) => w.whereRaw("?? like ? escape '\\'", ['c.email', pattern]).orWhereRaw("coalesce(??, lower(??)) like ? escape '\\'", ['c.name_key', 'c.name', pattern]));
    }
    if (query.audienceId) {
      q.whereExists(this.db('audience_members as m').select(this.db.raw('1'))
        .where('m.audience_id', query.audienceId).andWhereRaw('?? = ??', ['m.contact_id', 'c.id']));
    }
    return ((await newestFirst(q, after, 'c.created_at', 'c.id').limit(limit)) as ContactRow[]).map(contact);
  }

  insert(c: StoredContact): Promise<boolean> {
    return insertIfAbsent(this.db, 'contacts', contactRow(c), 'id');
  }

  async insertMany(contacts: StoredContact[]): Promise<void> {
    for (const part of chunks(contacts, 100)) await this.db('contacts').insert(part.map(contactRow));
  }

  async update(c: StoredContact): Promise<void> {
    await this.db('contacts').where({ workspace_id: c.workspaceId, id: c.id })
      .update({ name: c.name, name_key: c.name?.toLowerCase() ?? null, custom_fields: toJson(c.customFields), updated_at: c.updatedAt });
  }

  async delete(workspaceId: string, ids: string[]): Promise<string[]> {
    const deleted: string[] = [];
    for (const part of chunks(storable(ids))) {
      const found = (await this.db('contacts').where({ workspace_id: workspaceId }).whereIn('id', part).select('id')) as { id: string }[];
      const own = found.map((r) => r.id);
      if (!own.length) continue;
      await this.db('audience_members').whereIn('contact_id', own).delete();
      await this.db('contacts').where({ workspace_id: workspaceId }).whereIn('id', own).delete();
      deleted.push(...own);
    }
    return deleted;
  }

  async memberships(contactIds: string[]): Promise<Membership[]> {
    const out: Membership[] = [];
    for (const part of chunks(storable(contactIds))) out.push(...(await this.db<MemberRow>('audience_members').whereIn('contact_id', part)).map(membership));
    return out;
  }

  async join(memberships: Membership[]): Promise<number> {
    let added = 0;
    for (const part of chunks(memberships, 200)) {
      const written: unknown[] = await this.db('audience_members')
        .insert(part.map((m) => ({ audience_id: m.audienceId, contact_id: m.contactId, joined_at: m.joinedAt, unsubscribed_at: m.unsubscribedAt })))
        .onConflict(['audience_id', 'contact_id']).ignore().returning('audience_id');
      added += written.length;
    }
    return added;
  }

  async leave(audienceId: string, contactId: string): Promise<boolean> {
    if (unstorable(audienceId, contactId)) return false;
    return (await this.db('audience_members').where({ audience_id: audienceId, contact_id: contactId }).delete()) > 0;
  }

  async setSubscribed(contactId: string, audienceIds: string[] | null, unsubscribedAt: string | null): Promise<string[]> {
    const q = this.db<MemberRow>('audience_members').where({ contact_id: contactId });
    if (audienceIds !== null) q.whereIn('audience_id', storable(audienceIds));
    if (unsubscribedAt === null) q.whereNotNull('unsubscribed_at');
    else q.whereNull('unsubscribed_at');
    const ids = (await q.clone().select('audience_id')).map((r) => r.audience_id);
    if (ids.length) await q.update({ unsubscribed_at: unsubscribedAt });
    return ids;
  }

  growth(workspaceId: string, request: GrowthRequest): Promise<GrowthRows> {
    return audienceGrowth(this.db, workspaceId, request);
  }
}
