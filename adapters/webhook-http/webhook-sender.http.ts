import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { allowedByConfig, isBlockedIp } from '../../core/webhooks/webhook-url.ts';
import type { WebhookRequest, WebhookResponse, WebhookSender } from '../../core/ports/webhook-sender.ts';

const EXCERPT_BYTES = 1024;

class Blocked extends Error { constructor() { super('blocked_address'); } }

type Resolve = (host: string) => Promise<LookupAddress[]>;
const systemResolve: Resolve = (host) => new Promise((resolve, reject) => {
  dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
});

/**
 * Delivers over node's http/https (spec: Events). The host is resolved on every attempt and the connection goes
 * to the address that was checked, so a name that resolves (or re-resolves) into a blocked range is refused
 * without a byte sent. Redirects are answers like any other (never followed); one timer bounds the whole attempt.
 */
export class HttpWebhookSender implements WebhookSender {
  constructor(private readonly allow: readonly string[] = [], private readonly resolve: Resolve = systemResolve) {}

  async send(req: WebhookRequest): Promise<WebhookResponse> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    const url = new URL(req.url);
    const trusted = allowedByConfig(url, this.allow);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!trusted && (url.protocol !== 'https:' || (isIP(host) && isBlockedIp(host)))) {
      return { status: null, bodyExcerpt: '', durationMs: took(), error: 'blocked_address' };
    }
    const lookup: LookupFunction = (hostname, options, callback) => {
      this.resolve(hostname).then((addresses) => {
        if (!trusted && addresses.some((a) => isBlockedIp(a.address))) throw new Blocked();
        const chosen = addresses.filter((a) => !options.family || a.family === options.family);
        if (!chosen.length) throw Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
        if ((options as { all?: boolean }).all) (callback as (e: null, a: LookupAddress[]) => void)(null, chosen);
        else callback(null, chosen[0]!.address, chosen[0]!.family);
      }).catch((e: Error) => callback(e as NodeJS.ErrnoException, '', 0));
    };
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), req.timeoutMs);
    try {
      const response = await new Promise<IncomingMessage>((resolve, reject) => {
        const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
        const r = send(url, {
          method: 'POST', headers: { ...req.headers, 'content-length': Buffer.byteLength(req.body) },
          lookup, signal: controller.signal, agent: false,
        }, resolve);
        r.on('error', reject);
        r.end(req.body);
      });
      const bodyExcerpt = await readExcerpt(response);
      return { status: response.statusCode ?? null, bodyExcerpt, durationMs: took(), error: null };
    } catch (e) {
      return { status: null, bodyExcerpt: '', durationMs: took(), error: reason(e, controller.signal.aborted) };
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The first bytes of the answer; the rest is read and dropped so the socket closes cleanly. */
async function readExcerpt(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    if (size < EXCERPT_BYTES) chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
}

function reason(e: unknown, timedOut: boolean): string {
  if (timedOut) return 'timeout';
  if (e instanceof Blocked || (e as Error)?.message === 'blocked_address') return 'blocked_address';
  const code = (e as { code?: string })?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns_failed';
  if (code === 'ECONNREFUSED') return 'connection_refused';
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) return 'tls_failed';
  return code ? `network_error:${code}` : 'network_error';
}
