// IPv4/IPv6 addresses and CIDR ranges, parsed without any platform library so the core stays portable.
// An IPv4 address is held as its IPv4-mapped IPv6 form so one comparison covers both families.

const V4_MAPPED_PREFIX = 0xffffn << 32n;

function parseV4(s: string): bigint | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  let n = 0n;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || (p.length > 1 && p[0] === '0')) return null;
    const v = Number(p);
    if (v > 255) return null;
    n = (n << 8n) | BigInt(v);
  }
  return n;
}

function parseV6(s: string): bigint | null {
  let text = s;
  let tail: bigint | null = null;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.') && lastColon >= 0) {
    tail = parseV4(text.slice(lastColon + 1));
    if (tail === null) return null;
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const group = (h: string) => (h === '' ? [] : h.split(':'));
  const head = group(halves[0]!);
  const rest = halves.length === 2 ? group(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  let n = 0n;
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    n = (n << 16n) | BigInt(parseInt(g, 16));
  }
  if (tail !== null) n = (n & ~0xffffffffn) | tail;
  return n;
}

/** A single address as a 128-bit number (IPv4 mapped into ::ffff:0:0/96), or null when malformed. */
export function parseIp(s: string): bigint | null {
  const v4 = parseV4(s);
  if (v4 !== null) return V4_MAPPED_PREFIX | v4;
  return s.includes(':') ? parseV6(s.replace(/%.*$/, '')) : null;
}

export interface IpRange { base: bigint; prefix: number }

/** `1.2.3.4`, `10.0.0.0/8`, `2001:db8::/32`, `::1`; null when malformed or the prefix is out of range. */
export function parseIpRange(s: string): IpRange | null {
  const [addr, bits, ...extra] = s.trim().split('/');
  if (extra.length || !addr) return null;
  const isV4 = parseV4(addr) !== null;
  const ip = parseIp(addr);
  if (ip === null) return null;
  const max = isV4 ? 32 : 128;
  let prefix = max;
  if (bits !== undefined) {
    if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return null;
    prefix = Number(bits);
  }
  const prefix128 = isV4 ? prefix + 96 : prefix;
  const mask = prefix128 === 0 ? 0n : ((1n << 128n) - 1n) ^ ((1n << BigInt(128 - prefix128)) - 1n);
  return { base: ip & mask, prefix: prefix128 };
}

export function ipInRange(ip: bigint, range: IpRange): boolean {
  const shift = BigInt(128 - range.prefix);
  return (ip >> shift) === (range.base >> shift);
}

/** True when `ip` falls in any of `ranges` (textual entries as stored on a key). */
export function ipAllowed(ip: string, ranges: readonly string[]): boolean {
  const n = parseIp(ip);
  if (n === null) return false;
  return ranges.some((r) => {
    const range = parseIpRange(r);
    return range !== null && ipInRange(n, range);
  });
}
