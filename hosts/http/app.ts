import Koa, { type Middleware } from 'koa';
import type { Logger } from 'pino';
import { randomBytes } from 'node:crypto';
import type { MailService } from '../library/mail-service.ts';
import { toAppError, writeError } from './envelope.ts';
import { credentials } from './credentials.ts';
import { buildRouter } from './router.ts';
import { openApiDocument } from './openapi.ts';
import { ROUTES } from './routes/index.ts';

/** Request id, one log line per request, and the error envelope for anything thrown below. */
function requestContext(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    ctx.state.requestId = `req_${randomBytes(12).toString('hex')}`;
    ctx.state.log = logger;
    ctx.set('X-Request-Id', ctx.state.requestId);
    try {
      await next();
    } catch (err) {
      const error = toAppError(err);
      if (error.status >= 500) logger.error({ err, requestId: ctx.state.requestId }, 'request failed');
      writeError(ctx, error);
    } finally {
      // Never the query string or headers: either may carry a secret.
      logger.info({
        requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, status: ctx.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      }, 'request');
    }
  };
}

export function createHttpApp(service: MailService, logger: Logger, version = '0.1.0'): Koa {
  const app = new Koa({ proxy: false });
  const openapi = JSON.stringify(openApiDocument(ROUTES, version));
  const v1 = buildRouter(ROUTES, service);
  const auth = credentials(service);

  app.use(requestContext(logger));
  app.use(async (ctx, next) => {
    if (ctx.path === '/healthz' && ctx.method === 'GET') {
      const ok = await service.healthy();
      ctx.status = ok ? 200 : 503;
      ctx.body = { ok };
      return;
    }
    if (ctx.path === '/v1/openapi.json' && ctx.method === 'GET') {
      ctx.type = 'application/json';
      ctx.body = openapi;
      return;
    }
    if (ctx.path !== '/v1' && !ctx.path.startsWith('/v1/')) return v1.fallback(ctx, next);
    // Public routes (download links) answer without a credential; everything else authenticates first.
    return v1.publicRoutes(ctx, () => auth(ctx, async () => {
      await v1.routes(ctx, () => v1.fallback(ctx, next));
    }));
  });
  return app;
}
