import { request } from 'node:https';
import type { LookupFunction } from 'node:net';
import { HOST_CHALLENGE_PATH, HostCheckFailed, type HostChecker } from '../../core/ports/host-checker.ts';

export interface HttpsHostCheckerOptions {
  /** How the host's address is found; default the system's. Given, the configured DNS servers are used. */
  resolve4?: (host: string) => Promise<string[]>;
  /** CA certificates (PEM) to trust instead of the system's, e.g. a test's own. */
  ca?: string;
  /** Port to connect to; 443 unless a test runs its own TLS server. */
  port?: number;
  timeoutMs?: number;
}

const MAX_BODY = 1024;

/** GET over HTTPS with a short timeout, no redirects, certificate checked against the host name. */
export class HttpsHostChecker implements HostChecker {
  constructor(private readonly options: HttpsHostCheckerOptions = {}) {}

  fetchChallenge(host: string, nonce: string): Promise<string> {
    const { resolve4, ca, port = 443, timeoutMs = 5_000 } = this.options;
    const url = `https://${host}${HOST_CHALLENGE_PATH}${nonce}`;
    const lookup: LookupFunction | undefined = resolve4 && ((name, opts, done) => {
      resolve4(name).then((addresses) => {
        if (!addresses.length) return done(Object.assign(new Error(`${name} has no address`), { code: 'ENOTFOUND' }), '', 4);
        if (opts.all) return (done as (e: null, a: { address: string; family: number }[]) => void)(null, addresses.map((address) => ({ address, family: 4 })));
        return done(null, addresses[0]!, 4);
      }, (e) => done(e as NodeJS.ErrnoException, '', 4));
    });
    return new Promise((resolve, reject) => {
      const fail = (why: string) => reject(new HostCheckFailed(`${url} ${why}`));
      const req = request({
        host, port, path: `${HOST_CHALLENGE_PATH}${nonce}`, method: 'GET', servername: host, agent: false,
        headers: { accept: 'text/plain' }, ...(ca ? { ca } : {}), ...(lookup ? { lookup } : {}),
      }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return fail(`answered ${res.statusCode}${res.statusCode && res.statusCode >= 300 && res.statusCode < 400 ? ' (a redirect, not followed)' : ''}.`);
        }
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
          if (body.length > MAX_BODY) { req.destroy(); fail('answered more than a proof.'); }
        });
        res.on('end', () => resolve(body.trim()));
        res.on('error', (e) => fail(`broke off: ${e.message}`));
      });
      req.setTimeout(timeoutMs, () => { req.destroy(); fail(`did not answer within ${timeoutMs / 1000} s.`); });
      req.on('error', (e) => fail(`could not be reached: ${e.message}`));
      req.end();
    });
  }
}
