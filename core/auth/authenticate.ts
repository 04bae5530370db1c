import { AppError } from '../kernel/errors.ts';
import { ipAllowed } from '../kernel/ip.ts';
import { expandScopes, type Scope } from './scopes.ts';
import { builtInRole } from './roles.ts';
import { ACCESS_TOKEN } from './access-token.ts';
import { keyStatus, parseKeyToken } from '../keys/api-key.ts';
import type { Caller } from './caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { SecretHasher } from '../ports/crypto.ts';
import type { Store } from '../ports/repositories.ts';

const capped = (granted: Scope[], roleId: string | null): Set<Scope> => {
  const role = builtInRole(roleId);
  const scopes = expandScopes(granted);
  return role ? new Set([...scopes].filter((s) => role.scopes.has(s))) : scopes;
};

/** Turns a bearer credential into a Caller, or refuses it with the spec's 401/403 codes (Authentication item 10). */
export class Authenticate {
  constructor(private readonly store: Store, private readonly hasher: SecretHasher, private readonly clock: Clock) {}

  async execute(credential: string | null, ip: string): Promise<Caller> {
    if (!credential) throw new AppError('missing_api_key', 'Send an API key or access token as `Authorization: Bearer <credential>`.');
    return credential.startsWith('wmat_') ? this.accessToken(credential) : this.apiKey(credential, ip);
  }

  private async apiKey(token: string, ip: string): Promise<Caller> {
    // Built only when refusing: an error captures a stack trace, which a hot path should not pay for.
    const invalid = () => new AppError('invalid_api_key', 'This API key is not valid.');
    const parsed = parseKeyToken(token);
    if (!parsed) throw invalid();
    const key = await this.store.keys.findById(parsed.id);
    if (!key || !this.hasher.matches(parsed.secret, key.secretHash)) throw invalid();
    const status = keyStatus(key, this.clock.now());
    if (status === 'revoked') throw new AppError('revoked_api_key', 'This API key has been revoked.');
    if (status === 'expired') throw new AppError('expired_api_key', 'This API key has expired.');
    if (status === 'disabled') throw new AppError('inactive_api_key', 'This API key is switched off.');
    if (key.ipAllowlist.length && !ipAllowed(ip, key.ipAllowlist)) {
      throw new AppError('ip_not_allowed', 'This API key may not be used from this IP address.');
    }
    const workspace = await this.store.directory.workspace(key.workspaceId);
    if (!workspace) throw invalid();
    const role = builtInRole(key.roleId);
    const allowlisted = key.addressAllowlist.length > 0 || key.domainAllowlist.length > 0;
    return {
      kind: 'api_key', credentialId: key.id, workspaceId: key.workspaceId, userId: workspace.ownerId, actsForOwner: true,
      grantedScopes: key.scopes, scopes: capped(key.scopes, key.roleId), roleId: key.roleId,
      addressAllowlist: key.addressAllowlist, domainAllowlist: key.domainAllowlist,
      reachesAll: !allowlisted && (role?.addressesAll ?? true),
      expiresAt: key.expiresAt, ipAllowlist: key.ipAllowlist, app: null, stepUpVerifiedAt: null,
    };
  }

  private async accessToken(token: string): Promise<Caller> {
    const invalid = () => new AppError('invalid_access_token', 'This access token is not valid.');
    if (!ACCESS_TOKEN.test(token)) throw invalid();
    const found = await this.store.accessTokens.findByHash(this.hasher.hash(token));
    if (!found) throw invalid();
    if (found.expiresAt !== null && Date.parse(found.expiresAt) <= this.clock.now().getTime()) {
      throw new AppError('expired_access_token', 'This access token has expired; sign in again.');
    }
    // An app works in the workspace it has open (PUT /workspaces/active), else the one it was connected in.
    const workspaceId = (await this.store.account.openedWorkspace(found.id)) ?? found.workspaceId;
    const workspace = await this.store.directory.workspace(workspaceId);
    if (!workspace) throw new AppError('grant_workspace_gone', 'The workspace this app was connected to no longer exists.');
    const isOwner = workspace.ownerId === found.userId;
    const membership = isOwner ? null : await this.store.directory.membership(workspaceId, found.userId);
    if (!isOwner && !membership) throw new AppError('grant_access_lost', 'The person who connected this app no longer belongs to the workspace.');
    const roleId = isOwner ? 'owner' : membership!.roleId;
    const role = builtInRole(roleId);
    const allowlisted = found.addressAllowlist.length > 0 || found.domainAllowlist.length > 0;
    return {
      kind: 'access_token', credentialId: found.id, workspaceId, userId: found.userId,
      actsForOwner: isOwner, grantedScopes: found.scopes, scopes: capped(found.scopes, roleId), roleId,
      addressAllowlist: found.addressAllowlist, domainAllowlist: found.domainAllowlist,
      reachesAll: !allowlisted && (role?.addressesAll ?? false),
      expiresAt: found.expiresAt, ipAllowlist: [], app: found.app, stepUpVerifiedAt: found.stepUpVerifiedAt,
    };
  }
}
