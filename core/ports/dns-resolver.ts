// DNS lookups for domain checks. Names are ASCII (punycode) without a trailing dot; answers are lower-cased
// names without trailing dots. A name with no such records (NXDOMAIN, NODATA) answers an empty list; a lookup
// that could not be answered (timeout, SERVFAIL, refused) throws DnsLookupFailed, so a check can tell "not
// published" from "could not tell".

export interface MxRecord { exchange: string; priority: number }

export class DnsLookupFailed extends Error {
  constructor(readonly name_: string, readonly reason: string) {
    super(`DNS lookup of ${name_} failed: ${reason}`);
    this.name = 'DnsLookupFailed';
  }
}

export interface DnsResolver {
  mx(name: string): Promise<MxRecord[]>;
  /** Each TXT record with its character-strings joined (a DKIM key spans several). */
  txt(name: string): Promise<string[]>;
  cname(name: string): Promise<string[]>;
}
