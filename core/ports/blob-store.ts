// Where file bytes live. Bytes are written whole or not at all: a reader never sees part of an upload under a ref.

/** Names stored bytes; opaque to the core. */
export type BlobRef = string;

export interface StoredBlob { ref: BlobRef; sizeBytes: number; sha256: string }

/** Raised by `put` when the content runs past `maxBytes`; nothing is left behind. */
export class BlobTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The content is larger than ${maxBytes} bytes.`);
    this.name = 'BlobTooLarge';
  }
}

/** Raised by `open` when no bytes are stored under the ref. */
export class BlobMissing extends Error {
  constructor(readonly ref: BlobRef) {
    super(`No blob is stored under ${ref}.`);
    this.name = 'BlobMissing';
  }
}

export interface BlobStore {
  /**
   * Streams `content` into the store, counting and hashing it on the way, and returns where it lives. Past
   * `maxBytes` it stops reading, removes what it wrote and throws BlobTooLarge. Never holds the whole content.
   * `ref` (32 lower-case hex), when given, is where the bytes go; otherwise the store picks one.
   */
  put(content: AsyncIterable<Uint8Array>, options: { maxBytes: number; ref?: BlobRef }): Promise<StoredBlob>;
  /** The stored bytes, streamed; throws BlobMissing before the first byte when there are none. */
  open(ref: BlobRef): Promise<AsyncIterable<Uint8Array>>;
  /** Removes the bytes; removing what is not there is not an error. */
  remove(ref: BlobRef): Promise<void>;
}
