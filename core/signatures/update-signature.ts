import { AppError, notFound } from '../kernel/errors.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { HtmlSanitizer } from '../ports/html-sanitizer.ts';
import type { Store } from '../ports/repositories.ts';
import { signatureName, signatureNameKey, signatureNameTaken, type Signature } from './signature.ts';
import { visibleSignature } from './signature-access.ts';
import { takeDefaultPlaces, type AskedFlags } from './signature-defaults.ts';
import { cleanSignatureHtml } from './signature-html.ts';
import { signatureView, type SignatureView } from './signature-view.ts';

export interface UpdateSignatureInput extends AskedFlags { name?: string; html?: string }

const FIELDS = ['name', 'html', 'isDefault', 'isReplyDefault'] as const;

/**
 * spec: PATCH /signatures/{id}. Omitted fields stay. A flag set true takes the place from its holder; set false
 * it empties the place when this signature held it, leaving new mail (or replies) from the address unsigned.
 */
export class UpdateSignature {
  constructor(private readonly store: Store, private readonly clock: Clock, private readonly sanitizer: HtmlSanitizer) {}

  async execute(caller: Caller, id: string, input: UpdateSignatureInput): Promise<SignatureView> {
    if (FIELDS.every((f) => input[f] === undefined)) {
      throw new AppError('invalid_parameter', 'Send at least one of name, html, isDefault, isReplyDefault.', null);
    }
    const name = input.name === undefined ? undefined : signatureName(input.name);
    const html = input.html === undefined ? undefined : cleanSignatureHtml(this.sanitizer, input.html);
    const at = this.clock.now().toISOString();

    return this.store.transaction(async (tx) => {
      const seen = await visibleSignature(tx, caller, id);
      await tx.signatures.lockAddress(caller.workspaceId, seen.address);
      // Read again under the lock: a change that finished while we waited must not be undone.
      const current = await tx.signatures.get(caller.workspaceId, seen.id);
      if (!current) throw notFound('signature', 'id');
      const next: Signature = {
        ...current, name: name ?? current.name, html: html ?? current.html,
        isDefault: input.isDefault ?? current.isDefault, isReplyDefault: input.isReplyDefault ?? current.isReplyDefault,
      };
      if (FIELDS.every((f) => next[f] === current[f])) return signatureView(current);
      if (signatureNameKey(next.name) !== signatureNameKey(current.name)) {
        const siblings = await tx.signatures.onAddress(caller.workspaceId, current.address);
        if (siblings.some((s) => s.id !== current.id && signatureNameKey(s.name) === signatureNameKey(next.name))) throw signatureNameTaken('name');
      }
      next.updatedAt = at;
      await takeDefaultPlaces(tx, next, current, at);
      await tx.signatures.update(next);
      return signatureView(next);
    });
  }
}
