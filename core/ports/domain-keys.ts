// Key material of a domain: the DKIM signing key pair made when the domain is added, and the proof a custom
// host gives for a check nonce. Behind a port because core imports no node: module.

export interface DkimKeyPair {
  /** Base64 of the DER SubjectPublicKeyInfo: exactly what goes in the DKIM record's `p=` tag. */
  publicKey: string;
  /** PKCS#8 PEM; sealed with the master key before it is stored. */
  privateKeyPem: string;
}

export interface DomainKeys {
  /** A new RSA-2048 key pair. */
  newDkimKeyPair(): Promise<DkimKeyPair>;
  /** HMAC-SHA256 of `nonce` under `secret`, lower-case hex. */
  hostProof(secret: string, nonce: string): string;
}
