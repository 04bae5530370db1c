// The check of a custom host (tracking, files): the service asks the host over HTTPS for
// `GET https://<host>/.well-known/workspace-mail/<nonce>` and expects a 200 whose body (trimmed) is the proof of
// the nonce under the domain's host secret. A host that CNAMEs to the service's edge reaches the service, which
// answers with the same proof (AnswerHostChallenge); anything else cannot.

export const HOST_CHALLENGE_PATH = '/.well-known/workspace-mail/';

export class HostCheckFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HostCheckFailed';
  }
}

export interface HostChecker {
  /** The trimmed body of a 200 answer. No redirects are followed; failures throw HostCheckFailed with a sentence. */
  fetchChallenge(host: string, nonce: string): Promise<string>;
}
