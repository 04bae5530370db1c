import { Type } from '@sinclair/typebox';
import { route } from '../route.ts';
import { createdOr200 } from '../reply.ts';
import { IdParam, PageQuery } from '../schemas.ts';

const tag = 'Contacts';
// The spec leaves contact payloads open ("not shown"); these follow its style. Reads take `contacts:read`, the
// scope the spec's index gives contacts; writes take `audiences:write`, the write scope of the area (the spec's
// scope list has no contacts:write).
const Fields = Type.Record(Type.String(), Type.Unknown(), { description: 'Custom fields: values are strings (up to 2,000), numbers or booleans; at most 50.' });
const AudienceIds = Type.Array(Type.String({ maxLength: 200 }), { description: 'Audiences to join (at most 50) beside the default one.' });

const CreateContactBody = Type.Object({
  email: Type.String({ maxLength: 2000 }),
  name: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  customFields: Type.Optional(Fields),
  audienceIds: Type.Optional(AudienceIds),
}, { additionalProperties: false });

const UpdateContactBody = Type.Object({
  name: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  customFields: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Merged: a value sets a field, null removes it.' })),
  subscriptions: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Audience id to true (subscribed) or false.' })),
}, { additionalProperties: false });

const ImportBody = Type.Object({
  contacts: Type.Array(Type.Unknown(), { description: '1 to 1,000 objects `{email, name?, customFields?}`.' }),
  audienceIds: Type.Optional(AudienceIds),
}, { additionalProperties: false });

const BatchDeleteBody = Type.Object({ ids: Type.Unknown({ description: '1 to 100 contact ids.' }) }, { additionalProperties: false });

const ContactQuery = PageQuery({
  q: Type.Optional(Type.String({ description: 'Part of the address or name, ignoring case (at most 320 characters).' })),
  audienceId: Type.Optional(Type.String({ maxLength: 200, description: 'Only contacts of this audience.' })),
});


export const contactRoutes = [
  route({ method: 'GET', path: '/contacts', tag, summary: 'List contacts, newest first', scopes: ['contacts:read'], query: ContactQuery,
    handle: (s, { caller, query }) => s.contacts.list.execute(caller, query) }),
  route({ method: 'POST', path: '/contacts', tag, summary: 'Create a contact (joins the default audience)', scopes: ['audiences:write'], body: CreateContactBody, status: 201,
    handle: async (s, { caller, body }) => { const r = await s.contacts.create.execute(caller, body); return createdOr200(r.created, r.contact); } }),
  route({ method: 'POST', path: '/contacts/import', tag, summary: 'Import up to 1,000 contacts (no per-contact events)', scopes: ['audiences:write'], body: ImportBody,
    handle: (s, { caller, body }) => s.contacts.import.execute(caller, body) }),
  route({ method: 'POST', path: '/contacts/batch-delete', tag, summary: 'Delete up to 100 contacts (no events past 25)', scopes: ['audiences:write'], body: BatchDeleteBody,
    handle: (s, { caller, body }) => s.contacts.delete.batch(caller, body) }),
  route({ method: 'GET', path: '/contacts/{id}', tag, summary: 'Get a contact', scopes: ['contacts:read'], params: IdParam,
    handle: (s, { caller, params }) => s.contacts.get.execute(caller, params.id) }),
  route({ method: 'PATCH', path: '/contacts/{id}', tag, summary: 'Change a contact (name, custom fields, subscriptions)', scopes: ['audiences:write'], params: IdParam, body: UpdateContactBody,
    handle: (s, { caller, params, body }) => s.contacts.update.execute(caller, params.id, body) }),
  route({ method: 'DELETE', path: '/contacts/{id}', tag, summary: 'Delete a contact', scopes: ['audiences:write'], params: IdParam,
    handle: (s, { caller, params }) => s.contacts.delete.one(caller, params.id) }),
];
