import type { Caller } from '../auth/caller.ts';
import { pageLimit, type Cursors, type Page, type PageParams } from '../kernel/paging.ts';
import type { Store } from '../ports/repositories.ts';
import { parseSignatureAddress, signatureReach } from './signature-address.ts';
import { signatureView, type SignatureView } from './signature-view.ts';

export interface ListSignaturesQuery extends PageParams { address?: string }

/**
 * spec: GET /signatures — sorted by address, then oldest first. A narrowed caller sees only the addresses it
 * holds, and catch-all rows only when it holds the whole domain; a filter outside its reach lists nothing.
 */
export class ListSignatures {
  constructor(private readonly store: Store, private readonly cursors: Cursors) {}

  async execute(caller: Caller, query: ListSignaturesQuery): Promise<Page<SignatureView>> {
    const limit = pageLimit(query.limit);
    const address = query.address === undefined ? null : parseSignatureAddress(query.address, 'address').address;
    const after = this.cursors.decode('signatures', query.cursor);
    const rows = await this.store.signatures.list(caller.workspaceId, { address, reach: signatureReach(caller) }, after, limit + 1);
    return this.cursors.page('signatures', rows, limit, (s) => [s.address, s.createdAt, s.id], signatureView);
  }
}
