import type { Context } from 'koa';
import { AppError, isAppError } from '../../core/kernel/errors.ts';

export const DOCS_BASE = 'https://docs.workspace-mail.dev/errors';

/** spec: Errors — Envelope. Unknown exceptions become a bare 500 `internal_error`; details go to the log only. */
export function toAppError(err: unknown): AppError {
  if (isAppError(err)) return err;
  return new AppError('internal_error', 'Something went wrong on our side; report it with the requestId.');
}

export function writeError(ctx: Context, error: AppError): void {
  ctx.status = error.status;
  for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
  ctx.body = {
    error: {
      type: error.type, code: error.code, message: error.message, param: error.param,
      docUrl: `${DOCS_BASE}#${error.code}`, requestId: ctx.state.requestId,
    },
  };
}
