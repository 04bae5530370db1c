import { Type } from '@sinclair/typebox';
import { route } from '../route.ts';
import { IdParam, PageQuery, StringList } from '../schemas.ts';

const tag = 'Webhooks';
const EventTypes = StringList(200, 100);
const DeliveryParams = Type.Object({ id: Type.String({ maxLength: 200 }), deliveryId: Type.String({ maxLength: 200 }) });

const CreateBody = Type.Object({
  url: Type.String({ maxLength: 4096 }),
  eventTypes: Type.Optional(EventTypes),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  addressAllowlist: Type.Optional(StringList(1000)),
  domainAllowlist: Type.Optional(StringList(1000, 253)),
}, { additionalProperties: false });

const UpdateBody = Type.Object({
  url: Type.Optional(Type.String({ maxLength: 4096 })),
  eventTypes: Type.Optional(EventTypes),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  enabled: Type.Optional(Type.Boolean()),
  addressAllowlist: Type.Optional(StringList(1000)),
  domainAllowlist: Type.Optional(StringList(1000, 253)),
}, { additionalProperties: false });

export const webhookRoutes = [
  route({ method: 'GET', path: '/webhooks', tag, summary: 'List webhook endpoints, newest first', scopes: ['webhooks:read'], query: PageQuery(),
    handle: (s, { caller, query }) => s.webhooks.list.execute(caller, query) }),
  route({ method: 'POST', path: '/webhooks', tag, summary: 'Create a webhook endpoint (secret shown once)', scopes: ['webhooks:write'], body: CreateBody, status: 201,
    handle: (s, { caller, body }) => s.webhooks.create.execute(caller, body) }),
  route({ method: 'GET', path: '/webhooks/{id}', tag, summary: 'Get a webhook endpoint', scopes: ['webhooks:read'], params: IdParam,
    handle: (s, { caller, params }) => s.webhooks.get.execute(caller, params.id) }),
  route({ method: 'PATCH', path: '/webhooks/{id}', tag, summary: 'Change a webhook endpoint', scopes: ['webhooks:write'], params: IdParam, body: UpdateBody,
    handle: (s, { caller, params, body }) => s.webhooks.update.execute(caller, params.id, body) }),
  route({ method: 'DELETE', path: '/webhooks/{id}', tag, summary: 'Delete a webhook endpoint', scopes: ['webhooks:write'], params: IdParam,
    handle: (s, { caller, params }) => s.webhooks.delete.execute(caller, params.id) }),
  route({ method: 'POST', path: '/webhooks/{id}/rotate-secret', tag, summary: 'Rotate the signing secret (old one signs for 24 hours)', scopes: ['webhooks:write'], params: IdParam,
    handle: (s, { caller, params }) => s.webhooks.rotateSecret.execute(caller, params.id) }),
  route({ method: 'POST', path: '/webhooks/{id}/test', tag, summary: 'Send a test event to this endpoint', scopes: ['webhooks:write'], params: IdParam, status: 202,
    handle: (s, { caller, params }) => s.webhooks.test.execute(caller, params.id) }),
  route({ method: 'GET', path: '/webhooks/{id}/deliveries', tag, summary: 'Deliveries to this endpoint, newest first', scopes: ['webhooks:read'], params: IdParam, query: PageQuery(),
    handle: (s, { caller, params, query }) => s.webhooks.deliveries.execute(caller, params.id, query) }),
  route({ method: 'GET', path: '/webhooks/{id}/deliveries/{deliveryId}', tag, summary: 'One delivery with its request, response and attempts', scopes: ['webhooks:read'], params: DeliveryParams,
    handle: (s, { caller, params }) => s.webhooks.delivery.execute(caller, params.id, params.deliveryId) }),
  route({ method: 'POST', path: '/webhooks/{id}/deliveries/{deliveryId}/replay', tag, summary: 'Send a delivery again', scopes: ['webhooks:write'], params: DeliveryParams, status: 202,
    handle: (s, { caller, params }) => s.webhooks.replay.execute(caller, params.id, params.deliveryId) }),
  route({ method: 'GET', path: '/webhooks/{id}/audit', tag, summary: 'Audit log of this endpoint, newest first', scopes: ['webhooks:read'], params: IdParam, query: PageQuery(),
    handle: (s, { caller, params, query }) => s.webhooks.audit.execute(caller, params.id, query) }),
  route({ method: 'GET', path: '/webhooks/{id}/stats', tag, summary: 'Delivery statistics of this endpoint', scopes: ['webhooks:read'], params: IdParam,
    handle: (s, { caller, params }) => s.webhooks.stats.execute(caller, params.id) }),
];
