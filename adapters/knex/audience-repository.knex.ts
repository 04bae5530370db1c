import type { Knex } from 'knex';
import type { Audience, AudienceRepository, Contact } from '../../core/ports/repositories.ts';
import { insertIfAbsent } from './insert-if-absent.ts';
import { toBool, unstorable } from './values.ts';

interface AudienceRow {
  id: string; workspace_id: string; name: string; description: string | null; builtin: string | null;
  show_on_preferences: unknown; created_at: string; updated_at: string;
}
interface ContactRow { id: string; workspace_id: string; email: string; name: string | null; created_at: string; updated_at: string }

const audience = (r: AudienceRow): Audience => ({
  id: r.id, workspaceId: r.workspace_id, name: r.name, description: r.description,
  builtin: r.builtin as Audience['builtin'], showOnPreferences: toBool(r.show_on_preferences), createdAt: r.created_at,
  updatedAt: r.updated_at,
});
const contact = (r: ContactRow): Contact => ({
  id: r.id, workspaceId: r.workspace_id, email: r.email, name: r.name, createdAt: r.created_at, updatedAt: r.updated_at,
});

export class KnexAudienceRepository implements AudienceRepository {
  constructor(private readonly db: Knex) {}

  async defaultAudience(workspaceId: string): Promise<Audience | null> {
    const row = await this.db<AudienceRow>('audiences').where({ workspace_id: workspaceId, builtin: 'default' }).first();
    return row ? audience(row) : null;
  }

  insertAudience(a: Audience): Promise<boolean> {
    return insertIfAbsent(this.db, 'audiences', {
      id: a.id, workspace_id: a.workspaceId, name: a.name, description: a.description, builtin: a.builtin,
      show_on_preferences: a.showOnPreferences, created_at: a.createdAt, updated_at: a.updatedAt,
    }, 'id');
  }

  async contactByEmail(workspaceId: string, email: string): Promise<Contact | null> {
    if (unstorable(workspaceId, email)) return null;
    const row = await this.db<ContactRow>('contacts').where({ workspace_id: workspaceId, email }).first();
    return row ? contact(row) : null;
  }

  insertContact(c: Contact): Promise<boolean> {
    return insertIfAbsent(this.db, 'contacts', {
      id: c.id, workspace_id: c.workspaceId, email: c.email, name: c.name, created_at: c.createdAt, updated_at: c.updatedAt,
    }, 'id');
  }

  /** Joining twice keeps the first join time. */
  async addToAudience(audienceId: string, contactId: string, at: string): Promise<void> {
    await this.db('audience_members').insert({ audience_id: audienceId, contact_id: contactId, joined_at: at })
      .onConflict(['audience_id', 'contact_id']).ignore();
  }
}
