import type { Signature } from './signature.ts';

/** What every read of a signature shows (spec: Resources — Signature). */
export const signatureView = (s: Signature) => ({
  id: s.id,
  object: 'signature' as const,
  address: s.address,
  name: s.name,
  html: s.html,
  isDefault: s.isDefault,
  isReplyDefault: s.isReplyDefault,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
});

export type SignatureView = ReturnType<typeof signatureView>;
