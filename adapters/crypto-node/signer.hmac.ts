import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Signer } from '../../core/ports/crypto.ts';

const MIN_KEY_BYTES = 16;

export class HmacSigner implements Signer {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (!Buffer.isBuffer(key) || key.length < MIN_KEY_BYTES) throw new Error(`HmacSigner needs a key of at least ${MIN_KEY_BYTES} bytes`);
    // Copied so a caller zeroing or reusing its buffer cannot change what we sign with.
    this.#key = Buffer.from(key);
  }

  sign(text: string): string {
    return createHmac('sha256', this.#key).update(text, 'utf8').digest('base64url');
  }

  verify(text: string, signature: string): boolean {
    if (typeof text !== 'string' || typeof signature !== 'string') return false;
    // Comparing the canonical encoding rejects alternative spellings of the same bytes (padding, '+/' forms).
    const expected = Buffer.from(this.sign(text), 'utf8');
    const given = Buffer.from(signature, 'utf8');
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
