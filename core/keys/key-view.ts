import { builtInRole } from '../auth/roles.ts';
import { KEY_MODE, keyStatus, maskedKey, type ApiKey } from './api-key.ts';

/** What every read of a key shows (spec: Resources — API key). No read returns the secret. */
export function keyView(key: ApiKey, now: Date) {
  return {
    id: key.id,
    object: 'api_key' as const,
    name: key.name,
    mode: KEY_MODE,
    maskedKey: maskedKey(key),
    keyLast4: key.keyLast4,
    status: keyStatus(key, now),
    scopes: key.scopes,
    roleId: key.roleId,
    roleName: builtInRole(key.roleId)?.name ?? null,
    addressAllowlist: key.addressAllowlist,
    domainAllowlist: key.domainAllowlist,
    ipAllowlist: key.ipAllowlist,
    expiresAt: key.expiresAt,
    lastUsedAt: key.lastUsedAt,
    totalUses: key.totalUses,
    rotatedAt: key.rotatedAt,
    rotationCount: key.rotationCount,
    deactivatedAt: key.deactivatedAt,
    revokedAt: key.revokedAt,
    revokedReason: key.revokedReason,
    createdAt: key.createdAt,
    createdBy: key.createdBy,
    updatedAt: key.updatedAt,
    updatedBy: key.updatedBy,
    lastChangeAt: key.lastChangeAt,
    lastChangeType: key.lastChangeType,
  };
}

export type KeyView = ReturnType<typeof keyView>;
export type KeyWithToken = KeyView & { token: string };
