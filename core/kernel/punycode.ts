// IDN to ASCII (RFC 3492 Punycode with the `xn--` prefix of RFC 5891), in plain TypeScript because core imports
// no node: module. Mapping is the common subset of UTS #46 that matters for typed input: NFKC, lower case, and the
// ideographic and full-width full stops read as dots. The result is then validated like any ASCII name.

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;
const MAX_LABEL = 63;

const digit = (d: number): string => String.fromCharCode(d < 26 ? 97 + d : 22 + d); // 0..25 a..z, 26..35 0..9

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

/** Punycode of one label (without the `xn--` prefix). Throws a RangeError on overflow. */
export function punycodeEncode(label: string): string {
  const points = Array.from(label, (c) => c.codePointAt(0)!);
  let out = points.filter((p) => p < 0x80).map((p) => String.fromCharCode(p)).join('');
  const basic = out.length;
  let handled = basic;
  if (basic > 0) out += '-';
  let n = INITIAL_N;
  let delta = 0;
  let bias = INITIAL_BIAS;
  while (handled < points.length) {
    const m = Math.min(...points.filter((p) => p >= n));
    if (m - n > Math.floor((Number.MAX_SAFE_INTEGER - delta) / (handled + 1))) throw new RangeError('punycode overflow');
    delta += (m - n) * (handled + 1);
    n = m;
    for (const p of points) {
      if (p < n) delta++;
      if (p !== n) continue;
      let q = delta;
      for (let k = BASE; ; k += BASE) {
        const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
        if (q < t) break;
        out += digit(t + ((q - t) % (BASE - t)));
        q = Math.floor((q - t) / (BASE - t));
      }
      out += digit(q);
      bias = adapt(delta, handled + 1, handled === basic);
      delta = 0;
      handled++;
    }
    delta++;
    n++;
  }
  return out;
}

/**
 * A domain name as typed (any script, any case) to its ASCII form: `Bücher.Example` -> `xn--bcher-kva.example`.
 * Returns null when a label cannot be encoded within 63 characters; validating the result is the caller's job.
 */
export function domainToAscii(input: string): string | null {
  const mapped = input.normalize('NFKC').toLowerCase().replace(/[\u3002\uff0e\uff61]/g, '.');
  const labels = mapped.split('.').map((label) => {
    // eslint-disable-next-line no-control-regex
    if (/^[\x00-\x7f]*$/.test(label)) return label;
    try {
      return `xn--${punycodeEncode(label)}`;
    } catch {
      return null;
    }
  });
  if (labels.some((l) => l === null || l.length > MAX_LABEL)) return null;
  return labels.join('.');
}
