import type { Static, TSchema } from '@sinclair/typebox';
import type { Scope } from '../../core/auth/scopes.ts';
import type { Caller } from '../../core/auth/caller.ts';
import type { MailService } from '../library/mail-service.ts';

type In<S> = S extends TSchema ? Static<S> : undefined;

/** A raw upload: the body's bytes as they arrive, never buffered whole, with the headers that describe them. */
export interface UploadInput {
  stream: AsyncIterable<Uint8Array>;
  contentType: string | null;
  /** From Content-Length, when the client sent one. */
  contentLength: number | null;
  header(name: string): string | undefined;
}

/** `caller` is null only on `public` routes; `upload` is set only on `raw` routes. */
export interface RouteInput<P, Q, B> {
  caller: Caller; params: In<P>; query: In<Q>; body: In<B>; upload: UploadInput;
  /** The address this API was reached at (`http://host:port`), for links the answer hands out. */
  origin: string;
}

/**
 * One declaration per operation: the router turns it into a Koa route with authentication, scope checks,
 * validation, idempotency and error mapping, and into the OpenAPI document. A handler only calls the service.
 */
export interface Route<P extends TSchema | undefined = any, Q extends TSchema | undefined = any, B extends TSchema | undefined = any> {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Spec form, under /v1: `/keys/{id}/rotate`. */
  path: string;
  summary: string;
  tag: string;
  /** Every scope listed is required (spec: the Scope column). */
  scopes: Scope[];
  params?: P;
  query?: Q;
  body?: B;
  /** Success status; 200 unless the spec says otherwise. */
  status?: number;
  /** The body is raw bytes (an upload) streamed to the handler, not JSON. Not replayed by Idempotency-Key. */
  raw?: boolean;
  /** No credential: served to anybody holding the URL (public download links). */
  public?: boolean;
  handle(service: MailService, input: RouteInput<P, Q, B>): Promise<unknown>;
}

export const route = <P extends TSchema | undefined = undefined, Q extends TSchema | undefined = undefined, B extends TSchema | undefined = undefined>(
  r: Route<P, Q, B>,
): Route => r as Route;
