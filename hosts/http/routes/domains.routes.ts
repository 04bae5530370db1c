import { Type } from '@sinclair/typebox';
import { route } from '../route.ts';
import { IdParam, PageQuery } from '../schemas.ts';

const tag = 'Domains';
const Host = Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]);

const CreateDomainBody = Type.Object({
  domain: Type.String({ maxLength: 1000, description: 'A bare domain; trimmed, lower-cased and converted to punycode.' }),
}, { additionalProperties: false });

const UpdateDomainBody = Type.Object({
  catchAll: Type.Optional(Type.Boolean({ description: 'Needs the whole domain.' })),
  trackingHost: Type.Optional(Host),
  filesHost: Type.Optional(Host),
  dmarcPolicy: Type.Optional(Type.String({ maxLength: 20, description: '`none`, `quarantine` or `reject`.' })),
  senderName: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
}, { additionalProperties: false });

const AddressParam = Type.Object({ id: Type.String({ maxLength: 200 }), address: Type.String({ maxLength: 400 }) });
const AddAddressBody = Type.Object({
  address: Type.String({ maxLength: 400, description: 'A local part or a full address on this domain.' }),
  name: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
  enabled: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
const UpdateAddressBody = Type.Object({
  enabled: Type.Optional(Type.Boolean()),
  name: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
}, { additionalProperties: false });

export const domainRoutes = [
  route({ method: 'GET', path: '/domains', tag, summary: 'List domains, alphabetical', scopes: ['domains:read'], query: PageQuery(),
    handle: (s, { caller, query }) => s.domains.list.execute(caller, query) }),
  route({ method: 'POST', path: '/domains', tag, summary: 'Add a domain (first DNS check runs in the call)', scopes: ['domains:write'], body: CreateDomainBody, status: 201,
    handle: (s, { caller, body }) => s.domains.create.execute(caller, body) }),
  route({ method: 'GET', path: '/domains/{id}', tag, summary: 'Get a domain with its addresses, records and DMARC report', scopes: ['domains:read'], params: IdParam,
    handle: (s, { caller, params }) => s.domains.get.execute(caller, params.id) }),
  route({ method: 'PATCH', path: '/domains/{id}', tag, summary: 'Change catch-all, custom hosts, DMARC policy or sender name', scopes: ['domains:write'], params: IdParam, body: UpdateDomainBody,
    handle: (s, { caller, params, body }) => s.domains.update.execute(caller, params.id, body) }),
  route({ method: 'DELETE', path: '/domains/{id}', tag, summary: 'Remove a domain and its addresses', scopes: ['domains:write'], params: IdParam,
    handle: (s, { caller, params }) => s.domains.delete.execute(caller, params.id) }),
  route({ method: 'POST', path: '/domains/{id}/verify', tag, summary: 'Check the DNS records now', scopes: ['domains:write'], params: IdParam,
    handle: (s, { caller, params }) => s.domains.verify.execute(caller, params.id) }),
  route({ method: 'POST', path: '/domains/{id}/addresses', tag, summary: 'Add an address on the domain', scopes: ['domains:write'], params: IdParam, body: AddAddressBody, status: 201,
    handle: (s, { caller, params, body }) => s.domains.addAddress.execute(caller, params.id, body) }),
  route({ method: 'PATCH', path: '/domains/{id}/addresses/{address}', tag, summary: 'Enable, disable or rename an address', scopes: ['domains:write'], params: AddressParam, body: UpdateAddressBody,
    handle: (s, { caller, params, body }) => s.domains.updateAddress.execute(caller, params.id, params.address, body) }),
  route({ method: 'DELETE', path: '/domains/{id}/addresses/{address}', tag, summary: 'Remove an address', scopes: ['domains:write'], params: AddressParam,
    handle: (s, { caller, params }) => s.domains.removeAddress.execute(caller, params.id, params.address) }),
];
