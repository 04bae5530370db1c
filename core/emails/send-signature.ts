import { invalid } from '../kernel/errors.ts';
import { domainOf } from '../kernel/emails.ts';
import { CATCH_ALL_PREFIX, SIGNATURE_ID, type Signature } from '../signatures/signature.ts';
import type { Store } from '../ports/repositories.ts';

/**
 * spec: Resources — Signature: "A send adds the default of its from address, or the signature named by
 * `signatureId`". The address's own default wins over its domain's catch-all default. A named signature must
 * belong to the from address or its catch-all (else 422 `invalid_parameter` on `signatureId`).
 */
export async function signatureForSend(store: Store, workspaceId: string, from: string, signatureId: string | null): Promise<Signature | null> {
  const catchAll = `${CATCH_ALL_PREFIX}${domainOf(from)}`;
  if (signatureId !== null) {
    const named = SIGNATURE_ID.test(signatureId) ? await store.signatures.get(workspaceId, signatureId) : null;
    if (!named || (named.address !== from && named.address !== catchAll)) {
      throw invalid('signatureId', `No signature ${signatureId} on ${from} or its domain.`);
    }
    return named;
  }
  for (const address of [from, catchAll]) {
    const found = (await store.signatures.onAddress(workspaceId, address)).find((s) => s.isDefault);
    if (found) return store.signatures.get(workspaceId, found.id);
  }
  return null;
}

/** The signature goes at the end of the HTML body; a text-only message is left as it is. */
export const appendSignature = (html: string | null, signature: Signature | null): string | null =>
  html === null || signature === null ? html : `${html}\n<br><br>\n<div class="signature">${signature.html}</div>`;
