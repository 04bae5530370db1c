import type { Signature, SignatureSummary } from '../signatures/signature.ts';
import type { Position } from '../kernel/paging.ts';

/** Which rows a narrowed caller reaches: listed addresses (never a catch-all), and every row, catch-alls too, of listed domains. */
export interface SignatureReach { addresses: readonly string[]; domains: readonly string[] }

export interface SignatureListFilter {
  /** One address or a `*@<domain>` catch-all, lower-cased; null for all. */
  address: string | null;
  /** Null reaches every row. */
  reach: SignatureReach | null;
}

/**
 * Signatures of a workspace. Names are unique per address ignoring case: an insert or update that would collide
 * raises AppError `signature_name_taken`, whatever the database says.
 */
export interface SignatureRepository {
  get(workspaceId: string, id: string): Promise<Signature | null>;
  /** By address, then oldest first (`createdAt`, then `id`); position `[address, createdAt, id]`. */
  list(workspaceId: string, filter: SignatureListFilter, after: Position | null, limit: number): Promise<Signature[]>;
  /** Every signature of one address (at most the per-address limit), oldest first, without its HTML. */
  onAddress(workspaceId: string, address: string): Promise<SignatureSummary[]>;
  /**
   * Holds changes to the signatures of one address back until the surrounding transaction ends, so counting,
   * name checks and default moves see no concurrent change. Call it inside `store.transaction`.
   */
  lockAddress(workspaceId: string, address: string): Promise<void>;
  insert(signature: Signature): Promise<void>;
  /** Writes every field but `id`, `workspaceId`, `address` and `createdAt`. */
  update(signature: Signature): Promise<void>;
  /** Sets `flag` false on every signature of the address that has it, stamping `updatedAt` on those. */
  clearFlag(workspaceId: string, address: string, flag: 'isDefault' | 'isReplyDefault', at: string): Promise<void>;
  delete(workspaceId: string, id: string): Promise<void>;
}
