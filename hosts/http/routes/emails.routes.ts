import { Type } from '@sinclair/typebox';
import { route } from '../route.ts';
import { IdParam, PageQuery } from '../schemas.ts';

const tag = 'Emails';
// Field types are checked in core (core/emails/email-input.ts) so each refusal carries the spec's code and an
// indexed param (`to.0`, `headers.From`); the schema only names the fields.
const field = (description: string) => Type.Unknown({ description });
const SendBody = Type.Object({
  from: field('`address` or `Name <address>`: an address the caller can send from (GET /addresses).'),
  to: field('An address or an array of addresses.'),
  cc: Type.Optional(field('An address or an array of addresses.')),
  bcc: Type.Optional(field('An address or an array of addresses.')),
  subject: field('1 to 998 characters.'),
  html: Type.Optional(field('HTML body; the from address\'s default signature (or `signatureId`) is appended.')),
  text: Type.Optional(field('Plain-text body; `html` or `text` is required.')),
  replyTo: Type.Optional(field('An address.')),
  headers: Type.Optional(field('Extra headers (name to value); headers the service sets are refused with `reserved_header`.')),
  attachments: Type.Optional(field('File ids (`file_…`) of this workspace, at most 20.')),
  signatureId: Type.Optional(field('A signature of the from address or its domain.')),
  scheduledAt: Type.Optional(field('ISO 8601 date-time in the future: the email is stored as scheduled.')),
  tags: Type.Optional(field('Record of short strings (at most 20; names up to 64, values up to 256 characters).')),
  marketing: Type.Optional(field('Boolean, default false: marketing mail skips unsubscribed recipients and carries one-click unsubscribe headers.')),
}, { additionalProperties: false });

export const emailRoutes = [
  route({ method: 'POST', path: '/emails', tag, summary: 'Send (or schedule) an email', scopes: ['emails:send'], body: SendBody, status: 201,
    handle: (s, { caller, body, origin }) => s.emails.send.execute(caller, body, origin) }),
  route({ method: 'GET', path: '/emails', tag, summary: 'List emails, newest first', scopes: ['emails:read'], query: PageQuery(),
    handle: (s, { caller, query }) => s.emails.list.execute(caller, query) }),
  route({ method: 'GET', path: '/emails/{id}', tag, summary: 'Get an email', scopes: ['emails:read'], params: IdParam,
    handle: (s, { caller, params }) => s.emails.get.execute(caller, params.id) }),
  route({ method: 'POST', path: '/emails/{id}/cancel', tag, summary: 'Cancel a scheduled email', scopes: ['emails:send'], params: IdParam,
    handle: (s, { caller, params }) => s.emails.cancel.execute(caller, params.id) }),
];
