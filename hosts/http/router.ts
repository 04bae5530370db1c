import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { AppError } from '../../core/kernel/errors.ts';
import { requireScopes } from '../../core/auth/authorize.ts';
import type { Caller } from '../../core/auth/caller.ts';
import type { MailService } from '../library/mail-service.ts';
import { jsonBody, rawBody } from './body.ts';
import { validate } from './validate.ts';
import { writeError } from './envelope.ts';
import type { Route } from './route.ts';

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

function handler(r: Route, service: MailService): Middleware {
  return async (ctx) => {
    const caller = ctx.state.caller as Caller;
    requireScopes(caller, r.scopes);
    await idempotent(ctx, service, caller, async () => {
      const params = r.params ? validate(r.params, ctx.params, 'params') : undefined;
      const query = r.query ? validate(r.query, { ...ctx.query }, 'query') : undefined;
      const body = r.body ? validate(r.body, await jsonBody(ctx), 'body') : undefined;
      const result = await r.handle(service, { caller, params, query, body } as never);
      ctx.status = r.status ?? 200;
      ctx.body = result;
    });
  };
}

/** Builds the /v1 router from route declarations, with the contract's 404 and 405 for everything else. */
export function buildRouter(routes: Route[], service: MailService): { routes: Middleware; fallback: Middleware } {
  const router = new Router({ prefix: '/v1' });
  for (const r of routes) router[r.method.toLowerCase() as 'get'](koaPath(r.path), handler(r, service));
  const patterns = routes.map((r) => ({ method: r.method, pattern: pathPattern(`/v1${r.path}`) }));
  const fallback: Middleware = async (ctx) => {
    const known = patterns.filter((p) => p.pattern.test(ctx.path));
    if (known.length) {
      ctx.set('Allow', [...new Set(known.map((k) => k.method))].join(', '));
      throw new AppError('method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}.`);
    }
    throw new AppError('resource_not_found', `No such path: ${ctx.path}.`);
  };
  return { routes: router.routes() as Middleware, fallback };
}
