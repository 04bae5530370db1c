import type { DomainDeps } from './domain-deps.ts';

/**
 * What the service's edge answers at `https://<custom host>/.well-known/workspace-mail/<nonce>`: the proof of the
 * nonce under the secret of the domain that saved the host, or null for a host no domain has. A host that CNAMEs
 * to the edge therefore passes its check, and nothing else can.
 */
export class AnswerHostChallenge {
  constructor(private readonly deps: DomainDeps) {}

  async execute(host: string, nonce: string): Promise<string | null> {
    const d = await this.deps.store.domains.byHost(host.trim().toLowerCase().replace(/\.$/, ''));
    if (!d?.hostSecretSealed || !/^[0-9a-f]{8,128}$/.test(nonce)) return null;
    return this.deps.keys.hostProof(this.deps.sealer.open(d.hostSecretSealed), nonce);
  }
}
