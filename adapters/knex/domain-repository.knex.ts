import type { Knex } from 'knex';
import { AppError } from '../../core/kernel/errors.ts';
import type { Position } from '../../core/kernel/paging.ts';
import type { CustomHost, HostKind } from '../../core/domains/custom-host.ts';
import type { DkimKey, DmarcPolicy, DomainRecord } from '../../core/domains/domain.ts';
import type { DomainRepository } from '../../core/ports/domain-repository.ts';
import type { Address, SendingStatus } from '../../core/workspaces/workspace.ts';
import { insertIfAbsent } from './insert-if-absent.ts';
import { countOf } from './queries.ts';
import { fromJson, toBool, toJson, unstorable } from './values.ts';

interface DomainRow {
  id: string; workspace_id: string; domain: string; receiving_verified: unknown; sending_status: string; catch_all: unknown;
  created_at: string; receiving_verified_at: string | null; receiving_checked_at: string | null; receiving_error: string | null;
  sending_checked_at: string | null; sending_error: string | null; record_status: string; dmarc_policy: string;
  dmarc_published: string | null; sender_name: string | null; host_secret: string | null;
}
interface KeyRow { domain_id: string; selector: string; public_key: string; private_key: string; created_at: string }
interface HostRow {
  domain_id: string; kind: string; host: string; status: string; target: string; error: string | null;
  checked_at: string | null; created_at: string;
}
interface AddressRow { id: string; workspace_id: string; domain_id: string; address: string; enabled: unknown; name: string | null; created_at: string }

const key = (r: KeyRow): DkimKey => ({ selector: r.selector, publicKey: r.public_key, privateKeySealed: r.private_key, createdAt: r.created_at });
const host = (r: HostRow): CustomHost => ({
  kind: r.kind as HostKind, host: r.host, status: r.status as CustomHost['status'], target: r.target, error: r.error,
  checkedAt: r.checked_at, createdAt: r.created_at,
});
const address = (r: AddressRow): Address => ({
  id: r.id, workspaceId: r.workspace_id, domainId: r.domain_id, address: r.address, enabled: toBool(r.enabled), name: r.name, createdAt: r.created_at,
});

/** The columns `update` writes. */
const mutable = (d: DomainRecord) => ({
  receiving_verified: d.receivingVerified, sending_status: d.sendingStatus, catch_all: d.catchAll,
  receiving_verified_at: d.receivingVerifiedAt, receiving_checked_at: d.receivingCheckedAt, receiving_error: d.receivingError,
  sending_checked_at: d.sendingCheckedAt, sending_error: d.sendingError, record_status: toJson(d.recordStatus),
  dmarc_policy: d.dmarcPolicy, dmarc_published: d.dmarcPublished, sender_name: d.senderName, host_secret: d.hostSecretSealed,
});

const hostRows = (d: DomainRecord) => [d.tracking, d.storage].filter((h): h is CustomHost => h !== null).map((h) => ({
  domain_id: d.id, kind: h.kind, host: h.host, status: h.status, target: h.target, error: h.error, checked_at: h.checkedAt, created_at: h.createdAt,
}));

const isUniqueViolation = (e: unknown): boolean => {
  const { code } = e as { code?: unknown };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

export class KnexDomainRepository implements DomainRepository {
  constructor(private readonly db: Knex) {}

  /** Rows to records, with their keys and hosts in two more queries however many rows. */
  private async records(rows: DomainRow[]): Promise<DomainRecord[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const [keys, hosts]: [KeyRow[], HostRow[]] = await Promise.all([
      this.db<KeyRow>('domain_dkim_keys').whereIn('domain_id', ids),
      this.db<HostRow>('domain_hosts').whereIn('domain_id', ids),
    ]);
    return rows.map((r) => {
      const hostOf = (kind: HostKind) => { const h = hosts.find((x) => x.domain_id === r.id && x.kind === kind); return h ? host(h) : null; };
      const k = keys.find((x) => x.domain_id === r.id);
      return {
        id: r.id, workspaceId: r.workspace_id, domain: r.domain, createdAt: r.created_at, catchAll: toBool(r.catch_all),
        receivingVerified: toBool(r.receiving_verified), receivingVerifiedAt: r.receiving_verified_at,
        receivingCheckedAt: r.receiving_checked_at, receivingError: r.receiving_error,
        sendingStatus: r.sending_status as SendingStatus, sendingCheckedAt: r.sending_checked_at, sendingError: r.sending_error,
        recordStatus: fromJson(r.record_status ?? '{}'), dmarcPolicy: (r.dmarc_policy ?? 'none') as DmarcPolicy,
        dmarcPublished: r.dmarc_published, senderName: r.sender_name, hostSecretSealed: r.host_secret,
        dkim: k ? key(k) : null, tracking: hostOf('tracking'), storage: hostOf('storage'),
      };
    });
  }

  async get(workspaceId: string, id: string): Promise<DomainRecord | null> {
    if (unstorable(workspaceId, id)) return null;
    const row = await this.db<DomainRow>('domains').where({ workspace_id: workspaceId, id }).first();
    return row ? (await this.records([row]))[0]! : null;
  }

  async list(workspaceId: string, after: Position | null, limit: number): Promise<DomainRecord[]> {
    const q = this.db<DomainRow>('domains').where({ workspace_id: workspaceId });
    if (after) q.andWhere('domain', '>', String(after[0]));
    return this.records(await q.orderBy('domain').limit(limit));
  }

  async insert(d: DomainRecord): Promise<boolean> {
    const written = await insertIfAbsent(this.db, 'domains', { id: d.id, workspace_id: d.workspaceId, domain: d.domain, created_at: d.createdAt, ...mutable(d) }, 'id');
    if (written && d.dkim) await this.insertDkimKey(d.id, d.dkim);
    return written;
  }

  async update(d: DomainRecord): Promise<void> {
    await this.db('domains').where({ workspace_id: d.workspaceId, id: d.id }).update(mutable(d));
    await this.db('domain_hosts').where({ domain_id: d.id }).delete();
    const rows = hostRows(d);
    if (!rows.length) return;
    try {
      await this.db('domain_hosts').insert(rows);
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError('tracking_host_in_use', 'This host is already a custom host of another domain.');
      throw e;
    }
  }

  async delete(workspaceId: string, id: string): Promise<void> {
    await this.db('domains').where({ workspace_id: workspaceId, id }).delete();
  }

  insertDkimKey(domainId: string, k: DkimKey): Promise<boolean> {
    return insertIfAbsent(this.db, 'domain_dkim_keys', {
      domain_id: domainId, selector: k.selector, public_key: k.publicKey, private_key: k.privateKeySealed, created_at: k.createdAt,
    }, 'domain_id');
  }

  async byHost(name: string): Promise<DomainRecord | null> {
    if (unstorable(name)) return null;
    const row = await this.db<DomainRow>('domains').whereIn('id', this.db('domain_hosts').select('domain_id').where({ host: name })).first();
    return row ? (await this.records([row]))[0]! : null;
  }

  async addresses(domainId: string): Promise<Address[]> {
    const rows: AddressRow[] = await this.db<AddressRow>('addresses').where({ domain_id: domainId }).orderBy('address');
    return rows.map(address);
  }

  async address(workspaceId: string, name: string): Promise<Address | null> {
    if (unstorable(name)) return null;
    const row = await this.db<AddressRow>('addresses').where({ workspace_id: workspaceId, address: name }).first();
    return row ? address(row) : null;
  }

  countAddresses(workspaceId: string): Promise<number> {
    return countOf(this.db('addresses').where({ workspace_id: workspaceId }));
  }

  insertAddress(a: Address): Promise<boolean> {
    return insertIfAbsent(this.db, 'addresses', {
      id: a.id, workspace_id: a.workspaceId, domain_id: a.domainId, address: a.address, enabled: a.enabled, name: a.name, created_at: a.createdAt,
    }, 'id');
  }

  async updateAddress(a: Address): Promise<void> {
    await this.db('addresses').where({ workspace_id: a.workspaceId, id: a.id }).update({ enabled: a.enabled, name: a.name });
  }

  async deleteAddress(workspaceId: string, id: string): Promise<void> {
    await this.db('addresses').where({ workspace_id: workspaceId, id }).delete();
  }
}
