import { AppError } from '../kernel/errors.ts';
import { stateMachine, type Transition } from '../kernel/state-machine.ts';
import type { Scope } from '../auth/scopes.ts';

// spec: States and transitions — API key. The stored lifecycle is `usable`, `switched_off` or `revoked`;
// `expired` is read off the clock, never stored, so a key expires without anybody writing to it.
export type KeyLifecycle = 'usable' | 'switched_off' | 'revoked';
export type KeyStatus = 'active' | 'disabled' | 'expired' | 'revoked';
export type KeyEvent = 'enable' | 'disable' | 'revoke' | 'change' | 'rotate';

export const KEY_MODE = 'live' as const;

export interface Actor { type: 'api_key' | 'access_token' | 'fixture' | 'library'; id: string | null }

export interface ApiKey {
  id: string;
  workspaceId: string;
  name: string;
  secretHash: string;
  keyLast4: string;
  lifecycle: KeyLifecycle;
  scopes: Scope[];
  roleId: string | null;
  addressAllowlist: string[];
  domainAllowlist: string[];
  ipAllowlist: string[];
  expiresAt: string | null;
  lastUsedAt: string | null;
  totalUses: number;
  rotatedAt: string | null;
  rotationCount: number;
  deactivatedAt: string | null;
  revokedAt: string | null;
  revokedReason: string | null;
  createdAt: string;
  createdBy: Actor;
  updatedAt: string;
  updatedBy: Actor;
  lastChangeAt: string;
  lastChangeType: string;
}

const TRANSITIONS: ReadonlyArray<Transition<KeyLifecycle, KeyEvent>> = [
  { from: 'usable', event: 'disable', to: 'switched_off' },
  { from: 'usable', event: 'enable', to: 'usable' },
  { from: 'switched_off', event: 'enable', to: 'usable' },
  { from: 'switched_off', event: 'disable', to: 'switched_off' },
  { from: 'usable', event: 'revoke', to: 'revoked' },
  { from: 'switched_off', event: 'revoke', to: 'revoked' },
  { from: 'usable', event: 'change', to: 'usable' },
  { from: 'switched_off', event: 'change', to: 'switched_off' },
  { from: 'usable', event: 'rotate', to: 'usable' },
  { from: 'switched_off', event: 'rotate', to: 'switched_off' },
];

/** The one place a key moves; a revoked key refuses every change with 409 `revoked`. */
export const moveKey = stateMachine(TRANSITIONS, () => new AppError('revoked', 'This API key has been revoked and cannot be changed.', 'id'));

export function keyStatus(key: Pick<ApiKey, 'lifecycle' | 'expiresAt'>, now: Date): KeyStatus {
  if (key.lifecycle === 'revoked') return 'revoked';
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= now.getTime()) return 'expired';
  return key.lifecycle === 'switched_off' ? 'disabled' : 'active';
}

// Host contract: `wm_live_` + 24 lower-case hex + `_` + 43 base64url characters.
export const KEY_TOKEN = /^wm_live_([0-9a-f]{24})_([A-Za-z0-9_-]{43})$/;
export const keyToken = (id: string, secret: string): string => `wm_live_${id}_${secret}`;
export const maskedKey = (key: Pick<ApiKey, 'id' | 'keyLast4'>): string => `wm_live_${key.id}_${'*'.repeat(39)}${key.keyLast4}`;

export function parseKeyToken(token: string): { id: string; secret: string } | null {
  const m = KEY_TOKEN.exec(token);
  return m ? { id: m[1]!, secret: m[2]! } : null;
}
