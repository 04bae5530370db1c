import type { DkimKey, DomainRecord } from '../domains/domain.ts';
import type { Position } from '../kernel/paging.ts';
import type { Address } from '../workspaces/workspace.ts';

/**
 * Domains as the domains area keeps them (the directory's `Domain` is the slice other areas read). The custom
 * hosts and the DKIM key are part of the record: `update` writes the hosts; the key is only ever added.
 */
export interface DomainRepository {
  get(workspaceId: string, id: string): Promise<DomainRecord | null>;
  /** Alphabetical by domain; position `[domain]`. */
  list(workspaceId: string, after: Position | null, limit: number): Promise<DomainRecord[]>;
  /** False when the workspace already has this domain name. */
  insert(domain: DomainRecord): Promise<boolean>;
  /** Writes every field but `id`, `workspaceId`, `domain`, `createdAt` and `dkim`. Raises `tracking_host_in_use` when a host is taken. */
  update(domain: DomainRecord): Promise<void>;
  delete(workspaceId: string, id: string): Promise<void>;
  /** Adds the key unless the domain has one; false when it had. */
  insertDkimKey(domainId: string, key: DkimKey): Promise<boolean>;
  /** The domain whose tracking or files host is `host`, in any workspace. */
  byHost(host: string): Promise<DomainRecord | null>;
  /** Addresses on the domain, alphabetical. */
  addresses(domainId: string): Promise<Address[]>;
  address(workspaceId: string, address: string): Promise<Address | null>;
  countAddresses(workspaceId: string): Promise<number>;
  /** False when the workspace already has the address. */
  insertAddress(address: Address): Promise<boolean>;
  /** Writes `enabled` and `name`. */
  updateAddress(address: Address): Promise<void>;
  deleteAddress(workspaceId: string, id: string): Promise<void>;
}
