/**
 * What a handler returns when the answer is not a JSON document: bytes with their own type (file content,
 * images), streamed. Everything else a handler returns is sent as JSON.
 */
export class BinaryReply {
  constructor(
    readonly body: AsyncIterable<Uint8Array> | Uint8Array,
    readonly contentType: string,
    readonly options: { filename?: string; size?: number; disposition?: 'inline' | 'attachment'; cache?: string } = {},
  ) {}
}

/** A JSON answer whose status depends on the outcome (spec: 201 for a new row, 200 with the row already there). */
export class StatusReply {
  constructor(readonly status: number, readonly body: unknown) {}
}

export const withStatus = (status: number, body: unknown) => new StatusReply(status, body);

export const binary = (...args: ConstructorParameters<typeof BinaryReply>) => new BinaryReply(...args);

/** RFC 6266: a quoted ASCII fallback plus the exact UTF-8 name, so no name can break out of the header. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** spec: an add that finds the row already there answers 200 with it unchanged; a new row is 201. */
export const createdOr200 = (created: boolean, body: unknown) => withStatus(created ? 201 : 200, body);
