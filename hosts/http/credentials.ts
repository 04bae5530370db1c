import type { Context, Middleware } from 'koa';
import { AppError, isAppError } from '../../core/kernel/errors.ts';
import { rateLimitHeaders } from '../../core/limits/rate-limit.ts';
import type { Caller } from '../../core/auth/caller.ts';
import type { MailService } from '../library/mail-service.ts';

/** Host contract: `Authorization: Bearer <credential>`; any other scheme is the wrong credential type. */
function bearer(ctx: Context): string | null {
  const header = ctx.get('Authorization').trim();
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  if (!m) throw new AppError('invalid_credential_type', 'Send the credential as `Authorization: Bearer <credential>`.');
  return m[1]!;
}

/** Counts the request against a bucket and puts the RateLimit headers on the response, refusal or not. */
async function countRequest(ctx: Context, service: MailService, bucket: string): Promise<void> {
  try {
    const state = await service.rateLimit.execute(bucket);
    ctx.set(rateLimitHeaders(state));
  } catch (err) {
    if (isAppError(err)) ctx.set(err.headers);
    throw err;
  }
}

/**
 * Authenticates every /v1 call, applies the per-credential rate limit, and records the call in the request
 * log once the response is known (including refusals).
 */
export function credentials(service: MailService): Middleware {
  return async (ctx, next) => {
    let caller: Caller;
    try {
      caller = await service.authenticate.execute(bearer(ctx), ctx.ip);
    } catch (err) {
      // Refused callers spend from a per-address budget and see its headers; the 401 still wins over a 429.
      await countRequest(ctx, service, `ip:${ctx.ip}`).catch(() => undefined);
      throw err;
    }
    ctx.state.caller = caller;
    const started = performance.now();
    let status = 500;
    try {
      await countRequest(ctx, service, `${caller.kind}:${caller.credentialId}`);
      await next();
      status = ctx.status;
    } catch (err) {
      status = isAppError(err) ? err.status : 500;
      throw err;
    } finally {
      service.recordRequest.execute(caller, {
        requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, status, ipAddress: ctx.ip,
        durationMs: Math.round(performance.now() - started),
      });
    }
  };
}
