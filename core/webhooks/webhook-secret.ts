import type { IdSource } from '../ports/id-source.ts';
import type { SecretSealer } from '../ports/crypto.ts';
import type { WebhookSigner } from '../ports/webhook-sender.ts';
import type { WebhookEndpoint } from './webhook-endpoint.ts';

// spec: Resources — Webhook endpoint: `whsec_` plus 43 base64url characters; the whole string is the HMAC key.
export const SECRET_PATTERN = /^whsec_[A-Za-z0-9_-]{43}$/;
export const PREVIOUS_SECRET_MS = 24 * 3_600_000;

export const newSecret = (ids: IdSource): string => `whsec_${ids.secret(32)}`;

/** The secrets that sign at `now`: the current one, and the previous one for 24 hours after a rotation. */
export function signingSecrets(e: Pick<WebhookEndpoint, 'secretSealed' | 'previousSecretSealed' | 'previousSecretExpiresAt'>, sealer: SecretSealer, now: Date): string[] {
  const secrets = [sealer.open(e.secretSealed)];
  if (e.previousSecretSealed && e.previousSecretExpiresAt && Date.parse(e.previousSecretExpiresAt) > now.getTime()) {
    secrets.push(sealer.open(e.previousSecretSealed));
  }
  return secrets;
}

/**
 * Standard Webhooks layout (host contract): `webhook-signature` holds `v1,<base64 HMAC-SHA256 of id.timestamp.body>`,
 * one entry per signing secret, separated by spaces.
 */
export function signedHeaders(signer: WebhookSigner, secrets: string[], id: string, timestamp: number, body: string): Record<string, string> {
  const content = `${id}.${timestamp}.${body}`;
  return {
    'content-type': 'application/json',
    'user-agent': 'workspace-mail-webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => `v1,${signer.sign(s, content)}`).join(' '),
  };
}
