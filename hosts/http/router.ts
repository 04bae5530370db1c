import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { AppError } from '../../core/kernel/errors.ts';
import { requireScopes } from '../../core/auth/authorize.ts';
import type { Caller } from '../../core/auth/caller.ts';
import type { MailService } from '../library/mail-service.ts';
import { jsonBody, rawBody } from './body.ts';
import { validate } from './validate.ts';
import { writeError } from './envelope.ts';
import type { Route, UploadInput } from './route.ts';
import { BinaryReply, StatusReply, contentDisposition } from './reply.ts';
import { Readable } from 'node:stream';

const koaPath = (specPath: string) => specPath.replace(/\{(\w+)\}/g, ':$1');
const pathPattern = (specPath: string) => new RegExp(`^${specPath.replace(/\{\w+\}/g, '[^/]+')}/?$`);

/** Replays the first response of an Idempotency-Key, or runs the request and keeps its response. */
async function idempotent(ctx: Context, service: MailService, caller: Caller, run: () => Promise<void>): Promise<void> {
  const key = ctx.get('Idempotency-Key');
  if (ctx.method !== 'POST' || !ctx.request.headers['idempotency-key']) return run();
  const request = `${ctx.method} ${ctx.path}\n${(await rawBody(ctx)).toString('utf8')}`;
  const previous = await service.idempotency.previous(caller.credentialId, key, request);
  if (previous) {
    ctx.status = previous.status;
    ctx.body = JSON.parse(previous.body);
    ctx.set('Idempotent-Replayed', 'true');
    return;
  }
  try {
    await run();
  } catch (err) {
    // A refusal is a response too: the same request replays it rather than running again.
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    writeError(ctx, err);
  }
  await service.idempotency.remember(caller.credentialId, key, request, { status: ctx.status, body: JSON.stringify(ctx.body) });
}

function upload(ctx: Context): UploadInput {
  const length = ctx.get('Content-Length');
  return {
    stream: ctx.req,
    contentType: ctx.get('Content-Type') || null,
    contentLength: /^\d+$/.test(length) ? Number(length) : null,
    header: (name) => ctx.get(name) || undefined,
  };
}

function send(ctx: Context, status: number, result: unknown): void {
  if (result instanceof StatusReply) {
    ctx.status = result.status;
    ctx.body = result.body;
    return;
  }
  if (!(result instanceof BinaryReply)) {
    ctx.status = status;
    ctx.body = result;
    return;
  }
  const { filename, size, disposition = 'attachment', cache } = result.options;
  ctx.status = status;
  ctx.type = result.contentType;
  if (size !== undefined) ctx.length = size;
  if (filename !== undefined) ctx.set('Content-Disposition', contentDisposition(disposition, filename));
  ctx.set('X-Content-Type-Options', 'nosniff');
  if (cache) ctx.set('Cache-Control', cache);
  ctx.body = result.body instanceof Uint8Array ? Buffer.from(result.body) : Readable.from(result.body);
}

function handler(r: Route, service: MailService): Middleware {
  return async (ctx) => {
    const caller = (r.public ? null : ctx.state.caller) as Caller;
    if (caller) requireScopes(caller, r.scopes);
    const run = async () => {
      const params = r.params ? validate(r.params, ctx.params, 'params') : undefined;
      const query = r.query ? validate(r.query, { ...ctx.query }, 'query') : undefined;
      const body = r.body && !r.raw ? validate(r.body, await jsonBody(ctx), 'body') : undefined;
      const result = await r.handle(service, { caller, params, query, body, upload: r.raw ? upload(ctx) : undefined, origin: `${ctx.protocol}://${ctx.host}` } as never);
      send(ctx, r.status ?? 200, result);
    };
    // Uploads are streamed, never buffered to hash, so they are not replayable (spec: "not safe to repeat").
    await (r.raw || !caller ? run() : idempotent(ctx, service, caller, run));
  };
}

/** Builds the /v1 router from route declarations, with the contract's 404 and 405 for everything else. */
export function buildRouter(routes: Route[], service: MailService): { publicRoutes: Middleware; routes: Middleware; fallback: Middleware } {
  const router = new Router({ prefix: '/v1' });
  const publicRouter = new Router({ prefix: '/v1' });
  for (const r of routes) (r.public ? publicRouter : router)[r.method.toLowerCase() as 'get'](koaPath(r.path), handler(r, service));
  const patterns = routes.map((r) => ({ method: r.method, pattern: pathPattern(`/v1${r.path}`) }));
  const fallback: Middleware = async (ctx) => {
    const known = patterns.filter((p) => p.pattern.test(ctx.path));
    if (known.length) {
      ctx.set('Allow', [...new Set(known.map((k) => k.method))].join(', '));
      throw new AppError('method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}.`);
    }
    throw new AppError('resource_not_found', `No such path: ${ctx.path}.`);
  };
  return { publicRoutes: publicRouter.routes() as Middleware, routes: router.routes() as Middleware, fallback };
}
