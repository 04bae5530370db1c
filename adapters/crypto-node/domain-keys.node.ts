import { createHmac, generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import type { DkimKeyPair, DomainKeys } from '../../core/ports/domain-keys.ts';

const generate = promisify(generateKeyPair);

/** RSA-2048 DKIM keys (RFC 8301: at least 1024, 2048 recommended) and HMAC-SHA256 host proofs. */
export class NodeDomainKeys implements DomainKeys {
  async newDkimKeyPair(): Promise<DkimKeyPair> {
    const { publicKey, privateKey } = await generate('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'der' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    return { publicKey: (publicKey as unknown as Buffer).toString('base64'), privateKeyPem: privateKey as unknown as string };
  }

  hostProof(secret: string, nonce: string): string {
    return createHmac('sha256', secret).update(nonce, 'utf8').digest('hex');
  }
}
