import { AppError, notFound } from '../kernel/errors.ts';
import { requireApiKey, requireOwner } from '../auth/authorize.ts';
import { sendScopeInside } from './key-authority.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';
import type { ApiKey } from './api-key.ts';

const KEY_ID = /^[0-9a-f]{24}$/;

/** spec: API keys — over OAuth only the workspace owner manages keys; a member's token gets 403 `owner_only`. */
export const requireKeyManager = (caller: Caller): void => requireOwner(caller);

/** A key of the caller's workspace that the caller may see; anything else is the same 404. */
export async function visibleKey(store: Store, caller: Caller, id: string): Promise<ApiKey> {
  requireKeyManager(caller);
  const key = KEY_ID.test(id) ? await store.keys.get(caller.workspaceId, id) : null;
  if (!key || !sendScopeInside(caller, key)) throw notFound('API key', 'id');
  return key;
}

/** The calling key itself (`/keys/self…`); an access token is not a key. */
export async function selfKey(store: Store, caller: Caller): Promise<ApiKey> {
  requireApiKey(caller);
  const key = await store.keys.get(caller.workspaceId, caller.credentialId);
  if (!key) throw new AppError('invalid_api_key', 'This API key is not valid.');
  return key;
}
