import { AppError, invalid } from '../kernel/errors.ts';

// spec: Resources — Signature; Limits — Signatures.
export const SIGNATURE_LIMITS = { perAddress: 50, nameMax: 80, htmlMax: 150_000, copyTargetsMax: 500 } as const;

export interface Signature {
  id: string;
  workspaceId: string;
  /** One address or a `*@<domain>` catch-all, lower-cased. */
  address: string;
  name: string;
  /** Already sanitised. */
  html: string;
  isDefault: boolean;
  isReplyDefault: boolean;
  createdAt: string;
  updatedAt: string;
}

export type SignatureSummary = Omit<Signature, 'html'>;

export type DefaultFlag = 'isDefault' | 'isReplyDefault';
export const DEFAULT_FLAGS: readonly DefaultFlag[] = ['isDefault', 'isReplyDefault'];

export const SIGNATURE_ID = /^sig_[0-9a-f]{24}$/;
export const CATCH_ALL_PREFIX = '*@';

/** Names are unique on their address ignoring case: two names clash when their keys are equal. */
export const signatureNameKey = (name: string): string => name.toLowerCase();

// Control characters have no place in a name shown in a picker, and PostgreSQL text cannot hold NUL.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Trimmed, 1 to 80 characters. */
export function signatureName(name: unknown, param = 'name'): string {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (trimmed.length < 1 || trimmed.length > SIGNATURE_LIMITS.nameMax || CONTROL.test(trimmed)) {
    throw invalid(param, `A signature name is 1 to ${SIGNATURE_LIMITS.nameMax} characters, without control characters.`);
  }
  return trimmed;
}

export const signatureNameTaken = (param: string | null = 'name'): AppError =>
  new AppError('signature_name_taken', 'This address already has a signature with that name (names ignore case).', param);

export const signatureLimitReached = (address: string, param: string): AppError =>
  new AppError('signature_limit_reached', `\`${address}\` already has ${SIGNATURE_LIMITS.perAddress} signatures, the most an address can have.`, param);
