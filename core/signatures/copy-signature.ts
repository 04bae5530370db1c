import { AppError, invalid } from '../kernel/errors.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';
import { SIGNATURE_LIMITS, signatureLimitReached, signatureNameKey, type Signature } from './signature.ts';
import { visibleSignature } from './signature-access.ts';
import { parseSignatureAddress, reachesSignatureAddress, requireSignableAddresses, type SignatureAddress } from './signature-address.ts';
import { flagsForNew, takeDefaultPlaces, type AskedFlags } from './signature-defaults.ts';
import { signatureView, type SignatureView } from './signature-view.ts';

export interface CopySignatureInput extends AskedFlags { addresses: string[] }

/**
 * spec: POST /signatures/{id}/copy. On each target a signature of the same name (any case) gets the source's
 * HTML; otherwise a new signature is made. The source's own address is skipped. A copy takes a default place
 * where its flag is true; on an address with no signature it takes both unless a flag is false; otherwise
 * defaults stay. Copies are independent rows: later edits of the source do not reach them. All or nothing.
 */
export class CopySignature {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock) {}

  async execute(caller: Caller, id: string, input: CopySignatureInput): Promise<{ data: SignatureView[] }> {
    const at = this.clock.now().toISOString();
    return this.store.transaction(async (tx) => {
      const source = await visibleSignature(tx, caller, id);
      const targets = await this.targets(tx, caller, input.addresses, source.address);
      // Locks in one order, so two copies with overlapping targets cannot wait on each other forever.
      for (const address of targets.map((t) => t.address).sort()) await tx.signatures.lockAddress(caller.workspaceId, address);
      const copies: SignatureView[] = [];
      for (const target of targets) copies.push(signatureView(await this.copyTo(tx, source, target, input, at)));
      return { data: copies };
    });
  }

  /** The validated targets, first mention of each kept, the source address left out; `param` is the input index. */
  private async targets(tx: Store, caller: Caller, raw: string[], sourceAddress: string): Promise<Array<SignatureAddress & { param: string }>> {
    if (raw.length < 1 || raw.length > SIGNATURE_LIMITS.copyTargetsMax) {
      throw invalid('addresses', `Copy to 1 to ${SIGNATURE_LIMITS.copyTargetsMax} addresses.`);
    }
    raw.forEach((a, i) => {
      if (!reachesSignatureAddress(caller, a)) {
        throw new AppError('capability_unsupported', 'A narrowed caller can copy signatures only to addresses it holds (catch-alls: whole domains).', `addresses.${i}`);
      }
    });
    const parsed = raw.map((a, i) => ({ ...parseSignatureAddress(a, `addresses.${i}`), param: `addresses.${i}` }));
    await requireSignableAddresses(tx, caller.workspaceId, parsed, parsed.map((p) => p.param));
    const seen = new Set([sourceAddress]);
    return parsed.filter((t) => !seen.has(t.address) && seen.add(t.address));
  }

  private async copyTo(tx: Store, source: Signature, target: SignatureAddress & { param: string }, asked: AskedFlags, at: string): Promise<Signature> {
    const existing = await tx.signatures.onAddress(source.workspaceId, target.address);
    const same = existing.find((s) => signatureNameKey(s.name) === signatureNameKey(source.name));
    if (same) {
      const next: Signature = {
        ...same, html: source.html, updatedAt: at,
        isDefault: asked.isDefault === true || same.isDefault, isReplyDefault: asked.isReplyDefault === true || same.isReplyDefault,
      };
      await takeDefaultPlaces(tx, next, same, at);
      await tx.signatures.update(next);
      return next;
    }
    if (existing.length >= SIGNATURE_LIMITS.perAddress) throw signatureLimitReached(target.address, target.param);
    const copy: Signature = {
      id: `sig_${this.ids.hex(12)}`, workspaceId: source.workspaceId, address: target.address, name: source.name,
      html: source.html, ...flagsForNew(existing.length === 0, asked), createdAt: at, updatedAt: at,
    };
    await takeDefaultPlaces(tx, copy, null, at);
    await tx.signatures.insert(copy);
    return copy;
  }
}
