import { Type } from '@sinclair/typebox';
import { route } from '../route.ts';
import { createdOr200 } from '../reply.ts';
import { IdParam, PageQuery } from '../schemas.ts';

const tag = 'Audiences';
// Shapes only: ranges and existence are checked in core, so every refusal names its param.
const CreateAudienceBody = Type.Object({
  name: Type.String({ description: '1 to 120 characters after trimming; not unique.' }),
  description: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  showOnPreferences: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });

const GrowthQuery = Type.Object({
  audienceIds: Type.Optional(Type.String({ maxLength: 20_000, description: 'Comma list of at most 50 audience ids; omitted or empty means all.' })),
  days: Type.Optional(Type.Integer({ description: '1 to 1095; default 30.' })),
  minutes: Type.Optional(Type.Integer({ description: '1 to 1,576,800; wins over `days`.' })),
  grain: Type.Optional(Type.String({ description: '`minute`, `hour` or `day` (default).' })),
  offsetMinutes: Type.Optional(Type.Integer({ description: 'Local time minus UTC, -840 to 840; default 0.' })),
});

const MemberBody = Type.Object({
  contactId: Type.Optional(Type.String({ maxLength: 200 })),
  email: Type.Optional(Type.String({ maxLength: 2000 })),
}, { additionalProperties: false });
const MemberParams = Type.Object({ id: Type.String({ maxLength: 200 }), contactId: Type.String({ maxLength: 200 }) });

// Membership writes take `audiences:write`, the write scope the spec gives audiences; contact reads take
// `contacts:read` (spec: Endpoints — index of other calls).

export const audienceRoutes = [
  route({ method: 'GET', path: '/audiences', tag, summary: 'List audiences: the default audience first, then newest first', scopes: ['audiences:read'], query: PageQuery(),
    handle: (s, { caller, query }) => s.audiences.list.execute(caller, query) }),
  route({ method: 'POST', path: '/audiences', tag, summary: 'Create an empty audience', scopes: ['audiences:write'], body: CreateAudienceBody, status: 201,
    handle: (s, { caller, body }) => s.audiences.create.execute(caller, body) }),
  // Before /audiences/{id}, which would otherwise take `growth` for an id.
  route({ method: 'GET', path: '/audiences/growth', tag, summary: 'Audience growth over a window, bucketed', scopes: ['audiences:read'], query: GrowthQuery,
    handle: (s, { caller, query }) => s.audiences.growth.execute(caller, query) }),
  route({ method: 'GET', path: '/audiences/{id}', tag, summary: 'Get an audience', scopes: ['audiences:read'], params: IdParam,
    handle: (s, { caller, params }) => s.audiences.get.execute(caller, params.id) }),
  route({ method: 'POST', path: '/audiences/{id}/contacts', tag, summary: 'Add an existing contact to an audience', scopes: ['audiences:write'], params: IdParam, body: MemberBody, status: 201,
    handle: async (s, { caller, params, body }) => { const r = await s.audiences.addContact.execute(caller, params.id, body); return createdOr200(r.created, r.contact); } }),
  route({ method: 'DELETE', path: '/audiences/{id}/contacts/{contactId}', tag, summary: 'Take a contact out of an audience', scopes: ['audiences:write'], params: MemberParams,
    handle: (s, { caller, params }) => s.audiences.removeContact.execute(caller, params.id, params.contactId) }),
];
