import { Type } from '@sinclair/typebox';
import { route } from '../route.ts';
import { binary } from '../reply.ts';
import { IdParam, PageQuery } from '../schemas.ts';
import type { FileContent } from '../../../core/files/get-file.ts';

const tag = 'Files';
const text = (description: string) => Type.Optional(Type.String({ description }));
const ListQuery = PageQuery({
  q: text('Part of the file name, ignoring case (up to 200 characters).'),
  kind: text('image, pdf, audio, video or text.'),
  direction: text('inbound, outbound or uploaded.'),
  address: text('Delivered-to address, ignoring case (up to 320 characters).'),
  since: text('ISO 8601; files created at or after.'),
  until: text('ISO 8601; files created before.'),
  sort: text('newest (default), oldest, largest or name.'),
});
const UploadQuery = Type.Object({ filename: text('The file name; wins over the X-Filename header (URI-encoded).') });
const BatchDeleteBody = Type.Object({ ids: Type.Array(Type.String(), { description: '1 to 100 file ids.' }) }, { additionalProperties: false });
const LinkParams = Type.Object({ id: Type.String({ maxLength: 200 }), linkId: Type.String({ maxLength: 200 }) });
const TokenParam = Type.Object({ token: Type.String({ maxLength: 200 }) });

const download = ({ file, bytes }: FileContent, cache?: string) =>
  binary(bytes, file.mimeType, { filename: file.filename, size: file.sizeBytes, disposition: 'attachment', cache });


export const fileRoutes = [
  route({ method: 'GET', path: '/files', tag, summary: 'List files', scopes: ['files:read'], query: ListQuery,
    handle: (s, { caller, query }) => s.files.list.execute(caller, query) }),
  route({ method: 'POST', path: '/files', tag, summary: 'Upload a file (raw body, at most 100 MB)', scopes: ['files:write'], query: UploadQuery, raw: true, status: 201,
    handle: (s, { caller, query, upload }) => s.files.upload.execute(caller, {
      content: upload.stream, contentType: upload.contentType, contentLength: upload.contentLength,
      filename: query.filename, filenameHeader: upload.header('X-Filename'),
    }) }),
  route({ method: 'GET', path: '/files/stats', tag, summary: 'File counts, bytes and upload storage', scopes: ['files:read'],
    handle: (s, { caller }) => s.files.stats.execute(caller) }),
  route({ method: 'POST', path: '/files/batch-delete', tag, summary: 'Delete up to 100 files', scopes: ['files:write'], body: BatchDeleteBody,
    handle: (s, { caller, body }) => s.files.batchDelete.execute(caller, body) }),
  route({ method: 'GET', path: '/files/{id}', tag, summary: 'Get a file', scopes: ['files:read'], params: IdParam,
    handle: (s, { caller, params }) => s.files.get.execute(caller, params.id) }),
  route({ method: 'DELETE', path: '/files/{id}', tag, summary: 'Delete a file', scopes: ['files:write'], params: IdParam,
    handle: (s, { caller, params }) => s.files.delete.execute(caller, params.id) }),
  route({ method: 'GET', path: '/files/{id}/content', tag, summary: 'The file\'s bytes', scopes: ['files:read'], params: IdParam,
    handle: async (s, { caller, params }) => download(await s.files.get.content(caller, params.id), 'private, no-store') }),
  route({ method: 'POST', path: '/files/{id}/links', tag, summary: 'Make a public download link', scopes: ['files:write'], params: IdParam, status: 201,
    handle: (s, input) => s.files.createLink.execute(input.caller, input.params.id, input.origin) }),
  route({ method: 'GET', path: '/files/{id}/links', tag, summary: 'Public links of a file', scopes: ['files:read'], params: IdParam,
    handle: (s, { caller, params }) => s.files.listLinks.execute(caller, params.id) }),
  route({ method: 'DELETE', path: '/files/{id}/links', tag, summary: 'Revoke every public link of a file', scopes: ['files:write'], params: IdParam,
    handle: (s, { caller, params }) => s.files.revokeLinks.all(caller, params.id) }),
  route({ method: 'DELETE', path: '/files/{id}/links/{linkId}', tag, summary: 'Revoke a public link', scopes: ['files:write'], params: LinkParams,
    handle: (s, { caller, params }) => s.files.revokeLinks.one(caller, params.id, params.linkId) }),
  route({ method: 'GET', path: '/public/files/{token}', tag, summary: 'Download through a public link (no credential)', scopes: [], params: TokenParam, public: true,
    handle: async (s, { params }) => download(await s.files.download.execute(params.token), 'no-store') }),
];
