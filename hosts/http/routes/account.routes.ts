import { Type } from '@sinclair/typebox';
import { route } from '../route.ts';

const tag = 'Account';

export const accountRoutes = [
  route({ method: 'GET', path: '/account/notifications', tag, summary: 'Notification settings', scopes: ['account:read'],
    handle: (s, { caller }) => s.account.notifications.get(caller) }),
  route({ method: 'PUT', path: '/account/notifications/email/{category}', tag, summary: 'Turn a mail category on or off', scopes: ['account:write'],
    params: Type.Object({ category: Type.String({ maxLength: 64 }) }),
    body: Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false }),
    handle: (s, { caller, params, body }) => s.account.notifications.setEmail(caller, params.category, body) }),
  route({ method: 'PUT', path: '/account/notifications/push/{workspaceId}', tag, summary: 'Mute or unmute a workspace', scopes: ['account:write'],
    params: Type.Object({ workspaceId: Type.String({ maxLength: 100 }) }),
    body: Type.Object({ muted: Type.Boolean() }, { additionalProperties: false }),
    handle: (s, { caller, params, body }) => s.account.notifications.setPush(caller, params.workspaceId, body) }),
  route({ method: 'GET', path: '/account/username', tag, summary: 'The username (made on first read)', scopes: ['account:read'],
    handle: (s, { caller }) => s.account.username.get(caller) }),
  route({ method: 'GET', path: '/account/username/availability', tag, summary: 'Whether a username is free', scopes: ['account:read'],
    query: Type.Object({ username: Type.String({ maxLength: 1000 }) }),
    handle: (s, { caller, query }) => s.account.username.availability(caller, query) }),
  route({ method: 'PUT', path: '/account/username', tag, summary: 'Choose a username', scopes: ['account:write'],
    body: Type.Object({ username: Type.String({ maxLength: 1000 }) }, { additionalProperties: false }),
    handle: (s, { caller, body }) => s.account.username.set(caller, body) }),
  route({ method: 'GET', path: '/account/connected-apps', tag, summary: 'Apps connected to the account', scopes: ['account:read'],
    handle: (s, { caller }) => s.account.connectedApps.execute(caller) }),
];
