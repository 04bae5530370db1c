import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretSealer } from '../../core/ports/crypto.ts';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const B64URL = /^[A-Za-z0-9_-]*$/;

/** Output: `v1.<iv>.<tag>.<ciphertext>`, each part base64url; the version prefix leaves room for key rotation later. */
export class AesGcmSecretSealer implements SecretSealer {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (!Buffer.isBuffer(key) || key.length !== 32) throw new Error('AesGcmSecretSealer needs a 32-byte key');
    this.#key = Buffer.from(key);
  }

  seal(plain: string): string {
    // A fresh random IV per message; 96-bit random IVs are safe for far more messages than this service seals.
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(VERSION));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join('.');
  }

  open(sealed: string): string {
    const parts = typeof sealed === 'string' ? sealed.split('.') : [];
    if (parts.length !== 4 || parts[0] !== VERSION || !parts.slice(1).every((p) => B64URL.test(p))) {
      throw new Error('Sealed secret is malformed or of an unknown version');
    }
    const [, ivText, tagText, bodyText] = parts as [string, string, string, string];
    const iv = Buffer.from(ivText, 'base64url');
    const tag = Buffer.from(tagText, 'base64url');
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error('Sealed secret is malformed or of an unknown version');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(VERSION));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(Buffer.from(bodyText, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      // OpenSSL's own message ("Unsupported state or unable to authenticate data") says nothing useful to an operator.
      throw new Error('Sealed secret failed authentication: it was altered or sealed with another master key');
    }
  }
}
