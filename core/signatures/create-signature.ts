import { AppError } from '../kernel/errors.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { HtmlSanitizer } from '../ports/html-sanitizer.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';
import {
  SIGNATURE_LIMITS, signatureLimitReached, signatureName, signatureNameKey, signatureNameTaken, type Signature,
} from './signature.ts';
import { parseSignatureAddress, reachesSignatureAddress, requireSignableAddresses } from './signature-address.ts';
import { flagsForNew, takeDefaultPlaces, type AskedFlags } from './signature-defaults.ts';
import { cleanSignatureHtml } from './signature-html.ts';
import { signatureView, type SignatureView } from './signature-view.ts';

export interface CreateSignatureInput extends AskedFlags { address: string; name: string; html: string }

/** spec: POST /signatures. */
export class CreateSignature {
  constructor(
    private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock,
    private readonly sanitizer: HtmlSanitizer,
  ) {}

  async execute(caller: Caller, input: CreateSignatureInput): Promise<SignatureView> {
    // Host contract, which refusal wins: capability_unsupported comes before validation.
    if (!reachesSignatureAddress(caller, input.address)) {
      throw new AppError('capability_unsupported', 'A narrowed caller can add signatures only to addresses it holds (catch-alls: whole domains).', 'address');
    }
    const target = parseSignatureAddress(input.address, 'address');
    await requireSignableAddresses(this.store, caller.workspaceId, [target], ['address']);
    const name = signatureName(input.name);
    const html = cleanSignatureHtml(this.sanitizer, input.html);
    const at = this.clock.now().toISOString();

    return this.store.transaction(async (tx) => {
      await tx.signatures.lockAddress(caller.workspaceId, target.address);
      const existing = await tx.signatures.onAddress(caller.workspaceId, target.address);
      if (existing.length >= SIGNATURE_LIMITS.perAddress) throw signatureLimitReached(target.address, 'address');
      if (existing.some((s) => signatureNameKey(s.name) === signatureNameKey(name))) throw signatureNameTaken('name');
      const signature: Signature = {
        id: `sig_${this.ids.hex(12)}`, workspaceId: caller.workspaceId, address: target.address, name, html,
        ...flagsForNew(existing.length === 0, input), createdAt: at, updatedAt: at,
      };
      await takeDefaultPlaces(tx, signature, null, at);
      await tx.signatures.insert(signature);
      return signatureView(signature);
    });
  }
}
