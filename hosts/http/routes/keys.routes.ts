import { Type } from '@sinclair/typebox';
import { route } from '../route.ts';
import { IdParam, PageQuery, StringList } from '../schemas.ts';

const tag = 'API keys';
const LogQuery = PageQuery({
  since: Type.Optional(Type.String({ description: 'ISO 8601; entries at or after.' })),
  until: Type.Optional(Type.String({ description: 'ISO 8601; entries before.' })),
  status: Type.Optional(Type.String({ description: 'Requests only: a status code (`404`) or class (`4xx`).' })),
  type: Type.Optional(Type.String({ description: 'Activity only: created, updated, enabled, disabled, rotated, revoked, deleted.' })),
});
const Scopes = Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 });

const CreateKeyBody = Type.Object({
  name: Type.String(),
  scopes: Type.Optional(Scopes),
  roleId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  addressAllowlist: Type.Optional(StringList(1000)),
  domainAllowlist: Type.Optional(StringList(1000, 253)),
  expiresInMinutes: Type.Optional(Type.Integer()),
  ipAllowlist: Type.Optional(StringList(1000, 64)),
}, { additionalProperties: false });

const UpdateKeyBody = Type.Object({
  name: Type.Optional(Type.String()),
  enabled: Type.Optional(Type.Boolean()),
  scopes: Type.Optional(Scopes),
  addressAllowlist: Type.Optional(StringList(1000)),
  domainAllowlist: Type.Optional(StringList(1000, 253)),
  ipAllowlist: Type.Optional(StringList(1000, 64)),
}, { additionalProperties: false });

const RevokeBody = Type.Object({ reason: Type.Optional(Type.Union([Type.String(), Type.Null()])) }, { additionalProperties: false });

export const keyRoutes = [
  route({ method: 'GET', path: '/ping', tag, summary: 'Check a credential', scopes: [],
    handle: async () => ({ ok: true }) }),
  route({ method: 'GET', path: '/keys', tag, summary: 'List API keys, newest first', scopes: ['keys:read'], query: PageQuery(),
    handle: (s, { caller, query }) => s.keys.list.execute(caller, query) }),
  route({ method: 'POST', path: '/keys', tag, summary: 'Create an API key (token shown once)', scopes: ['keys:manage'], body: CreateKeyBody, status: 201,
    handle: (s, { caller, body }) => s.keys.create.execute(caller, body) }),
  route({ method: 'GET', path: '/keys/stats', tag, summary: 'Key counts and request volume', scopes: ['keys:read', 'emails:read'],
    handle: (s, { caller }) => s.keys.stats.workspace(caller) }),
  route({ method: 'GET', path: '/keys/requests', tag, summary: 'Request log of the workspace', scopes: ['keys:read'], query: LogQuery,
    handle: (s, { caller, query }) => s.keys.logs.requests(caller, { workspace: true }, query) }),
  route({ method: 'GET', path: '/keys/activity', tag, summary: 'Key activity of the workspace', scopes: ['keys:read'], query: LogQuery,
    handle: (s, { caller, query }) => s.keys.logs.activity(caller, { workspace: true }, query) }),
  route({ method: 'GET', path: '/keys/self', tag, summary: 'The calling key', scopes: [],
    handle: (s, { caller }) => s.keys.get.self(caller) }),
  route({ method: 'POST', path: '/keys/self/rotate', tag, summary: 'Rotate the calling key', scopes: ['keys:write'],
    handle: (s, { caller }) => s.keys.rotate.self(caller) }),
  route({ method: 'GET', path: '/keys/self/requests', tag, summary: 'Request log of the calling key', scopes: [], query: LogQuery,
    handle: (s, { caller, query }) => s.keys.logs.requests(caller, { self: true }, query) }),
  route({ method: 'GET', path: '/keys/self/activity', tag, summary: 'Activity of the calling key', scopes: [], query: LogQuery,
    handle: (s, { caller, query }) => s.keys.logs.activity(caller, { self: true }, query) }),
  route({ method: 'GET', path: '/keys/self/stats', tag, summary: 'Usage of the calling key', scopes: [],
    handle: (s, { caller }) => s.keys.stats.self(caller) }),
  route({ method: 'GET', path: '/keys/{id}', tag, summary: 'Get an API key', scopes: ['keys:read'], params: IdParam,
    handle: (s, { caller, params }) => s.keys.get.execute(caller, params.id) }),
  route({ method: 'PATCH', path: '/keys/{id}', tag, summary: 'Change an API key', scopes: ['keys:manage'], params: IdParam, body: UpdateKeyBody,
    handle: (s, { caller, params, body }) => s.keys.update.execute(caller, params.id, body) }),
  route({ method: 'DELETE', path: '/keys/{id}', tag, summary: 'Delete an API key', scopes: ['keys:manage'], params: IdParam,
    handle: (s, { caller, params }) => s.keys.delete.execute(caller, params.id) }),
  route({ method: 'POST', path: '/keys/{id}/rotate', tag, summary: 'Rotate an API key (new token shown once)', scopes: ['keys:manage'], params: IdParam,
    handle: (s, { caller, params }) => s.keys.rotate.execute(caller, params.id) }),
  route({ method: 'POST', path: '/keys/{id}/revoke', tag, summary: 'Revoke an API key for good', scopes: ['keys:manage'], params: IdParam, body: RevokeBody,
    handle: (s, { caller, params, body }) => s.keys.revoke.execute(caller, params.id, body) }),
  route({ method: 'GET', path: '/keys/{id}/requests', tag, summary: 'Request log of one key', scopes: ['keys:read'], params: IdParam, query: LogQuery,
    handle: (s, { caller, params, query }) => s.keys.logs.requests(caller, { keyId: params.id }, query) }),
  route({ method: 'GET', path: '/keys/{id}/activity', tag, summary: 'Activity of one key', scopes: ['keys:read'], params: IdParam, query: LogQuery,
    handle: (s, { caller, params, query }) => s.keys.logs.activity(caller, { keyId: params.id }, query) }),
];
