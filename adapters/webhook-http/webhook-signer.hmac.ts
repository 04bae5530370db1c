import { createHmac } from 'node:crypto';
import type { WebhookSigner } from '../../core/ports/webhook-sender.ts';

/** spec: Events — the HMAC key is the whole secret string, `whsec_` prefix included, as UTF-8 bytes. */
export class HmacWebhookSigner implements WebhookSigner {
  sign(secret: string, content: string): string {
    return createHmac('sha256', Buffer.from(secret, 'utf8')).update(content, 'utf8').digest('base64');
  }
}
