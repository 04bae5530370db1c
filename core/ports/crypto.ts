/** Signs short strings (cursors) so the service can tell its own from forged ones. */
export interface Signer {
  sign(text: string): string;
  verify(text: string, signature: string): boolean;
}

/** One-way hashes for high-entropy secrets (key secrets, access tokens, step-up codes). */
export interface SecretHasher {
  hash(secret: string): string;
  /** Constant-time comparison of `secret` against a stored hash. */
  matches(secret: string, hash: string): boolean;
}

/** AES-256-GCM sealing with the master key, for secrets the service must read back (webhook secrets, mailbox passwords). */
export interface SecretSealer {
  seal(plain: string): string;
  open(sealed: string): string;
}
