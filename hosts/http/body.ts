import type { Context } from 'koa';
import { AppError } from '../../core/kernel/errors.ts';

const MAX_JSON_BYTES = 1024 * 1024;

/** The raw request body, read once and kept on the context (idempotency hashes it, validation parses it). */
export async function rawBody(ctx: Context): Promise<Buffer> {
  if (ctx.state.rawBody) return ctx.state.rawBody as Buffer;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > MAX_JSON_BYTES) throw new AppError('invalid_parameter', 'A JSON body is at most 1 MB.', null);
    chunks.push(chunk as Buffer);
  }
  ctx.state.rawBody = Buffer.concat(chunks);
  return ctx.state.rawBody as Buffer;
}

/** An empty body reads as `{}`; anything that is not JSON is 400 `malformed_json`. */
export async function jsonBody(ctx: Context): Promise<unknown> {
  const text = (await rawBody(ctx)).toString('utf8');
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('malformed_json', 'The request body is not valid JSON.');
  }
}
