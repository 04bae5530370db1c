import type { TSchema } from '@sinclair/typebox';
import type { Route } from './route.ts';

const plain = (schema: TSchema) => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;

const ErrorEnvelope = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['type', 'code', 'message', 'param', 'docUrl', 'requestId'],
      properties: {
        type: { type: 'string' }, code: { type: 'string' }, message: { type: 'string' },
        param: { type: ['string', 'null'] }, docUrl: { type: 'string' }, requestId: { type: 'string' },
      },
    },
  },
};

/** The OpenAPI 3.1 document, made from the same declarations the router serves. */
export function openApiDocument(routes: Route[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const parameters: unknown[] = [];
    for (const [where, schema] of [['path', r.params], ['query', r.query]] as const) {
      if (!schema) continue;
      const s = plain(schema) as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
      for (const [name, prop] of Object.entries(s.properties ?? {})) {
        parameters.push({ name, in: where, required: where === 'path' || (s.required ?? []).includes(name), schema: prop, ...(prop.description ? { description: prop.description } : {}) });
      }
    }
    const status = String(r.status ?? 200);
    (paths[r.path] ??= {})[r.method.toLowerCase()] = {
      operationId: `${r.method.toLowerCase()}${r.path.replace(/\{(\w+)\}/g, 'By-$1').split(/[/-]/).map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('')}`,
      summary: r.summary,
      tags: [r.tag],
      ...(r.scopes.length ? { description: `Scopes: ${r.scopes.join(', ')}.` } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(r.public ? { security: [] } : {}),
      ...(r.raw ? { requestBody: { required: true, content: { '*/*': { schema: { type: 'string', format: 'binary' } } } } } : {}),
      ...(r.body && !r.raw ? { requestBody: { required: true, content: { 'application/json': { schema: plain(r.body) } } } } : {}),
      responses: {
        [status]: { description: 'Success', content: { 'application/json': { schema: { type: 'object' } } } },
        default: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Workspace Mail API', version },
    servers: [{ url: '/v1' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key (`wm_live_…`) or an access token (`wmat_…`).' } },
      schemas: { Error: ErrorEnvelope },
    },
  };
}
