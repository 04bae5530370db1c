// The records the rest of the core reads about who owns what. Their own endpoints belong to later areas.
export type Plan = 'free' | 'starter' | 'business' | 'enterprise';
export type WorkspaceKind = 'team' | 'personal';
export type SendingStatus = 'verified' | 'pending' | 'failed' | 'no_identity' | 'unknown';

export interface User { id: string; email: string; name: string | null; username: string | null; createdAt: string }

export interface Workspace {
  id: string; name: string; slug: string; kind: WorkspaceKind; ownerId: string; plan: Plan; createdAt: string;
}

export interface Membership { workspaceId: string; userId: string; roleId: string }

export interface Domain {
  id: string; workspaceId: string; domain: string; receivingVerified: boolean; sendingStatus: SendingStatus;
  catchAll: boolean; createdAt: string;
}

export interface Address {
  id: string; workspaceId: string; domainId: string; address: string; enabled: boolean; name: string | null;
  createdAt: string;
}

export const PLANS: readonly Plan[] = ['free', 'starter', 'business', 'enterprise'];
export const SENDING_STATUSES: readonly SendingStatus[] = ['verified', 'pending', 'failed', 'no_identity', 'unknown'];
