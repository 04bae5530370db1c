import { Type } from '@sinclair/typebox';
import { route } from '../route.ts';
import { createdOr200 } from '../reply.ts';
import { PageQuery } from '../schemas.ts';

const tag = 'Suppressions';
const Email = Type.String({ maxLength: 2000, description: 'An e-mail address (at most 320 characters); trimmed and lower-cased.' });
const EmailBody = Type.Object({ email: Email }, { additionalProperties: false });
const SuppressionIdParam = Type.Object({ id: Type.String({ maxLength: 200 }) });
const EmailParam = Type.Object({ email: Type.String({ maxLength: 2000 }) });

const SuppressionQuery = PageQuery({
  q: Type.Optional(Type.String({ description: 'Part of an address, ignoring case (at most 320 characters).' })),
  reason: Type.Optional(Type.String({ description: '`bounce`, `complaint` or `manual`.' })),
});
const UnsubscribeQuery = PageQuery({
  q: Type.Optional(Type.String({ description: 'One whole address, matched exactly ignoring case (at most 320 characters).' })),
  source: Type.Optional(Type.String({ description: '`link`, `one_click`, `manual`, `complaint` or `import`.' })),
});


export const suppressionRoutes = [
  route({ method: 'GET', path: '/suppressions', tag, summary: 'List suppressed addresses, newest first', scopes: ['settings:read'], query: SuppressionQuery,
    handle: (s, { caller, query }) => s.suppressions.list.execute(caller, query) }),
  route({ method: 'POST', path: '/suppressions', tag, summary: 'Suppress an address (reason manual)', scopes: ['settings:write'], body: EmailBody, status: 201,
    handle: async (s, { caller, body }) => { const r = await s.suppressions.add.execute(caller, body); return createdOr200(r.created, r.suppression); } }),
  // Before /suppressions/{id}, which would otherwise take `unsubscribes` for an id.
  route({ method: 'GET', path: '/suppressions/unsubscribes', tag, summary: 'List unsubscribed addresses, newest first', scopes: ['settings:read'], query: UnsubscribeQuery,
    handle: (s, { caller, query }) => s.suppressions.listUnsubscribes.execute(caller, query) }),
  route({ method: 'POST', path: '/suppressions/unsubscribes', tag, summary: 'Record an unsubscribe (source manual); unsubscribes the contact from every audience', scopes: ['settings:write'], body: EmailBody, status: 201,
    handle: async (s, { caller, body }) => { const r = await s.suppressions.addUnsubscribe.execute(caller, body); return createdOr200(r.created, r.unsubscribe); } }),
  route({ method: 'DELETE', path: '/suppressions/unsubscribes/{email}', tag, summary: 'Take back a manual unsubscribe; re-subscribes its audiences', scopes: ['settings:write'], params: EmailParam,
    handle: (s, { caller, params }) => s.suppressions.removeUnsubscribe.execute(caller, params.email) }),
  route({ method: 'GET', path: '/suppressions/{id}', tag, summary: 'Get a suppression', scopes: ['settings:read'], params: SuppressionIdParam,
    handle: (s, { caller, params }) => s.suppressions.get.execute(caller, params.id) }),
  route({ method: 'DELETE', path: '/suppressions/{id}', tag, summary: 'Remove a suppression (never a bounce)', scopes: ['settings:write'], params: SuppressionIdParam,
    handle: (s, { caller, params }) => s.suppressions.remove.execute(caller, params.id) }),
];
