import { notFound } from '../kernel/errors.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';
import { reachesSignatureAddress } from './signature-address.ts';
import { SIGNATURE_ID, type Signature } from './signature.ts';

/** A signature of the caller's workspace within its reach; anything else is the same 404 (spec: Conventions 4). */
export async function visibleSignature(store: Store, caller: Caller, id: string): Promise<Signature> {
  const signature = SIGNATURE_ID.test(id) ? await store.signatures.get(caller.workspaceId, id) : null;
  if (!signature || !reachesSignatureAddress(caller, signature.address)) throw notFound('signature', 'id');
  return signature;
}
