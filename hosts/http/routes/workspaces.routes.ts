import { Type } from '@sinclair/typebox';
import { route } from '../route.ts';
import { IdParam } from '../schemas.ts';

const tag = 'Workspaces';

export const workspaceRoutes = [
  route({ method: 'GET', path: '/workspaces', tag, summary: "The person's workspaces", scopes: ['account:read'],
    handle: (s, { caller }) => s.workspaces.list.execute(caller) }),
  route({ method: 'POST', path: '/workspaces', tag, summary: 'Create a workspace on the Free plan', scopes: ['account:write'],
    body: Type.Object({ name: Type.String({ maxLength: 1000 }) }, { additionalProperties: false }),
    handle: (s, { caller, body }) => s.workspaces.create.execute(caller, body) }),
  route({ method: 'GET', path: '/workspaces/active', tag, summary: 'The workspace the caller works in', scopes: ['account:read'],
    handle: (s, { caller }) => s.workspaces.active.get(caller) }),
  route({ method: 'PUT', path: '/workspaces/active', tag, summary: 'Open another workspace in this app', scopes: ['account:write'],
    body: Type.Object({ workspaceId: Type.String({ maxLength: 100 }) }, { additionalProperties: false }),
    handle: (s, { caller, body }) => s.workspaces.active.set(caller, body) }),
  route({ method: 'DELETE', path: '/workspaces/{id}', tag, summary: 'Delete a workspace for good', scopes: ['account:write'],
    params: IdParam, query: Type.Object({ confirm: Type.Optional(Type.String({ maxLength: 200 })) }),
    handle: (s, { caller, params, query }) => s.workspaces.delete.execute(caller, params.id, query) }),
];
