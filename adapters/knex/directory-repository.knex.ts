import type { Knex } from 'knex';
import type { Position } from '../../core/kernel/paging.ts';
import type { DirectoryRepository } from '../../core/ports/repositories.ts';
import type {
  Address, Domain, Membership, Plan, SendingStatus, User, Workspace, WorkspaceKind,
} from '../../core/workspaces/workspace.ts';
import { insertIfAbsent } from './insert-if-absent.ts';
import { countOf } from './queries.ts';
import { toBool, unstorable } from './values.ts';

interface UserRow { id: string; email: string; name: string | null; username: string | null; created_at: string }
export interface WorkspaceRow { id: string; name: string; slug: string; kind: string; owner_id: string; plan: string; created_at: string }
interface MembershipRow { workspace_id: string; user_id: string; role_id: string }
interface DomainRow {
  id: string; workspace_id: string; domain: string; receiving_verified: unknown; sending_status: string;
  catch_all: unknown; created_at: string;
}
interface AddressRow {
  id: string; workspace_id: string; domain_id: string; address: string; enabled: unknown; name: string | null;
  created_at: string;
}

const user = (r: UserRow): User => ({ id: r.id, email: r.email, name: r.name, username: r.username, createdAt: r.created_at });
export const workspaceFromRow = (r: WorkspaceRow): Workspace => ({
  id: r.id, name: r.name, slug: r.slug, kind: r.kind as WorkspaceKind, ownerId: r.owner_id, plan: r.plan as Plan,
  createdAt: r.created_at,
});
const membership = (r: MembershipRow): Membership => ({ workspaceId: r.workspace_id, userId: r.user_id, roleId: r.role_id });
const domain = (r: DomainRow): Domain => ({
  id: r.id, workspaceId: r.workspace_id, domain: r.domain, receivingVerified: toBool(r.receiving_verified),
  sendingStatus: r.sending_status as SendingStatus, catchAll: toBool(r.catch_all), createdAt: r.created_at,
});
const address = (r: AddressRow): Address => ({
  id: r.id, workspaceId: r.workspace_id, domainId: r.domain_id, address: r.address, enabled: toBool(r.enabled),
  name: r.name, createdAt: r.created_at,
});

// Keeps `where in (...)` under SQLite's bound-parameter limit however long the list.
const CHUNK = 500;

export class KnexDirectoryRepository implements DirectoryRepository {
  constructor(private readonly db: Knex) {}

  async user(id: string): Promise<User | null> {
    if (unstorable(id)) return null;
    const row = await this.db<UserRow>('users').where({ id }).first();
    return row ? user(row) : null;
  }

  async workspace(id: string): Promise<Workspace | null> {
    if (unstorable(id)) return null;
    const row = await this.db<WorkspaceRow>('workspaces').where({ id }).first();
    return row ? workspaceFromRow(row) : null;
  }

  async membership(workspaceId: string, userId: string): Promise<Membership | null> {
    if (unstorable(workspaceId, userId)) return null;
    const row = await this.db<MembershipRow>('memberships').where({ workspace_id: workspaceId, user_id: userId }).first();
    return row ? membership(row) : null;
  }

  async domains(workspaceId: string): Promise<Domain[]> {
    const rows: DomainRow[] = await this.db<DomainRow>('domains').where({ workspace_id: workspaceId }).orderBy('domain');
    return rows.map(domain);
  }

  async addresses(workspaceId: string, after: Position | null, limit: number): Promise<Address[]> {
    const query = this.db<AddressRow>('addresses').where({ workspace_id: workspaceId });
    if (after) query.andWhere('address', '>', String(after[0]));
    const rows: AddressRow[] = await query.orderBy('address').limit(limit);
    return rows.map(address);
  }

  async addressesNamed(workspaceId: string, addresses: string[]): Promise<Address[]> {
    const wanted = [...new Set(addresses.map((a) => a.toLowerCase()))].filter((a) => !unstorable(a));
    const found: Address[] = [];
    for (let i = 0; i < wanted.length; i += CHUNK) {
      const rows: AddressRow[] = await this.db<AddressRow>('addresses')
        .where({ workspace_id: workspaceId }).whereIn('address', wanted.slice(i, i + CHUNK));
      found.push(...rows.map(address));
    }
    return found.sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
  }

  insertUser(u: User): Promise<boolean> {
    return insertIfAbsent(this.db, 'users',
      { id: u.id, email: u.email, name: u.name, username: u.username, created_at: u.createdAt }, 'id');
  }

  insertWorkspace(w: Workspace): Promise<boolean> {
    return insertIfAbsent(this.db, 'workspaces', {
      id: w.id, name: w.name, slug: w.slug, kind: w.kind, owner_id: w.ownerId, plan: w.plan, created_at: w.createdAt,
    }, 'id');
  }

  insertMembership(m: Membership): Promise<boolean> {
    return insertIfAbsent(this.db, 'memberships',
      { workspace_id: m.workspaceId, user_id: m.userId, role_id: m.roleId }, 'workspace_id');
  }

  insertDomain(d: Domain): Promise<boolean> {
    return insertIfAbsent(this.db, 'domains', {
      id: d.id, workspace_id: d.workspaceId, domain: d.domain, receiving_verified: d.receivingVerified,
      sending_status: d.sendingStatus, catch_all: d.catchAll, created_at: d.createdAt,
    }, 'id');
  }

  insertAddress(a: Address): Promise<boolean> {
    return insertIfAbsent(this.db, 'addresses', {
      id: a.id, workspace_id: a.workspaceId, domain_id: a.domainId, address: a.address, enabled: a.enabled,
      name: a.name, created_at: a.createdAt,
    }, 'id');
  }

  countWorkspaces(): Promise<number> {
    return countOf(this.db('workspaces'));
  }

  async workspacesOwnedBy(userId: string, kind: WorkspaceKind): Promise<Workspace[]> {
    const rows: WorkspaceRow[] = await this.db<WorkspaceRow>('workspaces')
      .where({ owner_id: userId, kind }).orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(workspaceFromRow);
  }
}
