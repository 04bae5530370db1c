/** Every id and random secret the core makes comes from here, so tests can make them predictable. */
export interface IdSource {
  /** `bytes` random bytes as lower-case hex (a key id is 12 bytes: 24 hex characters). */
  hex(bytes: number): string;
  uuid(): string;
  /** `bytes` random bytes as base64url without padding (32 bytes: 43 characters). */
  secret(bytes: number): string;
  /** A numeric code of `digits` digits, uniformly drawn. */
  digits(digits: number): string;
}
