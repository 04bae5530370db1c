import { Type } from '@sinclair/typebox';
import { route } from '../route.ts';
import { IdParam, PageQuery } from '../schemas.ts';

// Shapes only; the spec's limits (name 1 to 80, html 150,000, 1 to 500 targets) are checked in core/signatures.
const tag = 'Signatures';
const Address = Type.String({ maxLength: 1000, description: 'One address or a `*@<domain>` catch-all.' });
const Flag = Type.Optional(Type.Boolean());

const CreateSignatureBody = Type.Object({
  address: Address, name: Type.String(), html: Type.String(), isDefault: Flag, isReplyDefault: Flag,
}, { additionalProperties: false });

const UpdateSignatureBody = Type.Object({
  name: Type.Optional(Type.String()), html: Type.Optional(Type.String()), isDefault: Flag, isReplyDefault: Flag,
}, { additionalProperties: false });

const CopySignatureBody = Type.Object({
  addresses: Type.Array(Address, { maxItems: 5000 }), isDefault: Flag, isReplyDefault: Flag,
}, { additionalProperties: false });

export const signatureRoutes = [
  route({ method: 'GET', path: '/signatures', tag, summary: 'List signatures by address, oldest first', scopes: ['settings:read'],
    query: PageQuery({ address: Type.Optional(Address) }),
    handle: (s, { caller, query }) => s.signatures.list.execute(caller, query) }),
  route({ method: 'POST', path: '/signatures', tag, summary: 'Create a signature', scopes: ['settings:write'], body: CreateSignatureBody, status: 201,
    handle: (s, { caller, body }) => s.signatures.create.execute(caller, body) }),
  route({ method: 'GET', path: '/signatures/{id}', tag, summary: 'Get a signature', scopes: ['settings:read'], params: IdParam,
    handle: (s, { caller, params }) => s.signatures.get.execute(caller, params.id) }),
  route({ method: 'PATCH', path: '/signatures/{id}', tag, summary: 'Change a signature', scopes: ['settings:write'], params: IdParam, body: UpdateSignatureBody,
    handle: (s, { caller, params, body }) => s.signatures.update.execute(caller, params.id, body) }),
  route({ method: 'DELETE', path: '/signatures/{id}', tag, summary: 'Delete a signature for good', scopes: ['settings:write'], params: IdParam,
    handle: (s, { caller, params }) => s.signatures.delete.execute(caller, params.id) }),
  route({ method: 'POST', path: '/signatures/{id}/copy', tag, summary: 'Copy a signature to other addresses', scopes: ['settings:write'], params: IdParam, body: CopySignatureBody,
    handle: (s, { caller, params, body }) => s.signatures.copy.execute(caller, params.id, body) }),
];
