import { createHash, timingSafeEqual } from 'node:crypto';
import type { SecretHasher } from '../../core/ports/crypto.ts';

/** Plain SHA-256 is enough here: the secrets hashed are high-entropy random values, not passwords. */
export class Sha256SecretHasher implements SecretHasher {
  hash(secret: string): string {
    return createHash('sha256').update(secret, 'utf8').digest('hex');
  }

  matches(secret: string, hash: string): boolean {
    if (typeof secret !== 'string' || typeof hash !== 'string') return false;
    // Compare the hex text, not decoded bytes, so a malformed stored hash can never decode into a shorter match.
    const expected = Buffer.from(this.hash(secret), 'utf8');
    const given = Buffer.from(hash, 'utf8');
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
