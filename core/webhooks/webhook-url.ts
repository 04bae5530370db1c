import { AppError } from '../kernel/errors.ts';
import { ipInRange, parseIp, parseIpRange, type IpRange } from '../kernel/ip.ts';

// spec: Endpoints — Webhooks, POST url. IPv4 ranges are written plainly; parseIp maps IPv4 into ::ffff:0:0/96,
// so the same ranges also catch IPv4-mapped IPv6 literals (`[::ffff:127.0.0.1]`).
const BLOCKED = [
  '0.0.0.0/8', // "this network"; 0.0.0.0 reaches the local host on most systems
  '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', // private
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local
  '100.64.0.0/10', // carrier-grade NAT
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved and broadcast
  '::/128', '::1/128', // unspecified, loopback
  '::/96', // IPv4-compatible (deprecated): the low 32 bits are an IPv4 address
  'fe80::/10', // link-local
  'fc00::/7', // unique-local
  'ff00::/8', // multicast
].map((r) => parseIpRange(r) as IpRange);

const NAT64 = parseIpRange('64:ff9b::/96') as IpRange;
const V4_MAPPED = 0xffffn << 32n;

/** True when an address (text or parsed) falls in a range the service never sends webhooks to. */
export function isBlockedIp(ip: string | bigint): boolean {
  const n = typeof ip === 'bigint' ? ip : parseIp(ip.replace(/^\[|\]$/g, ''));
  if (n === null) return false;
  // NAT64 addresses carry an IPv4 address in their low 32 bits; judge that one.
  const judged = ipInRange(n, NAT64) ? V4_MAPPED | (n & 0xffffffffn) : n;
  return BLOCKED.some((r) => ipInRange(judged, r));
}

const BLOCKED_SUFFIXES = ['.localhost', '.internal', '.local'];

/** Names that mean the local machine or a private network, whatever they resolve to. */
export function isBlockedHostName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h === 'internal' || h === 'local' || BLOCKED_SUFFIXES.some((s) => h.endsWith(s));
}

/**
 * Insecure targets a test or local setup allows (`--webhook-allow http://127.0.0.1:PORT`): an entry matches a
 * URL with the same scheme, host and port. Empty by default, so the guard stands in production.
 */
export function allowedByConfig(url: URL, allow: readonly string[]): boolean {
  return allow.some((entry) => {
    try {
      return new URL(entry).origin === url.origin;
    } catch {
      return false;
    }
  });
}

/**
 * The URL rule at create and update. The WHATWG parser already turns decimal, hex and octal IPv4 forms
 * (`https://2130706433/`, `https://0x7f.1/`) into dotted form, so one check covers them all. A name that does
 * not resolve yet is accepted (host contract); it is resolved again at every delivery.
 */
export function webhookUrl(raw: string, allow: readonly string[], param = 'url'): string {
  const refuse = (why: string) => new AppError('invalid_webhook_url', `The webhook URL ${why}.`, param);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw refuse('is not a valid URL');
  }
  if (raw.length > 2048) throw refuse('is longer than 2,048 characters');
  if (allowedByConfig(url, allow)) return url.toString();
  if (url.protocol !== 'https:') throw refuse('must use https');
  if (url.username || url.password) throw refuse('must not carry credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isBlockedHostName(host)) throw refuse('names a local or internal host');
  if (parseIp(host) !== null && isBlockedIp(host)) throw refuse('points at a loopback, private, link-local, shared or multicast address');
  return url.toString();
}
