import type { Scope } from './scopes.ts';

export interface ConnectedApp { clientId: string; name: string; kind: string }

/** An OAuth access token of a connected app; it acts for `userId` (spec: Authentication, item 1). */
export interface AccessToken {
  id: string;
  workspaceId: string;
  userId: string;
  tokenHash: string;
  app: ConnectedApp;
  scopes: Scope[];
  addressAllowlist: string[];
  domainAllowlist: string[];
  stepUpVerifiedAt: string | null;
  expiresAt: string | null;
  createdAt: string;
}

// Host contract: `wmat_` + 43 base64url characters, opaque.
export const ACCESS_TOKEN = /^wmat_[A-Za-z0-9_-]{43}$/;
