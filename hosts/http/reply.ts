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

export const binary = (...args: ConstructorParameters<typeof BinaryReply>) => new BinaryReply(...args);

/** RFC 6266: a quoted ASCII fallback plus the exact UTF-8 name, so no name can break out of the header. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
