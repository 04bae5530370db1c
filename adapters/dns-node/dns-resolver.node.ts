import { Resolver } from 'node:dns/promises';
import { DnsLookupFailed, type DnsResolver, type MxRecord } from '../../core/ports/dns-resolver.ts';

/** What c-ares says when the name or the record type simply is not there: an answer, not a failure. */
const NO_RECORDS = new Set(['ENODATA', 'ENOTFOUND', 'NOTFOUND', 'NODATA']);

const clean = (name: string) => name.toLowerCase().replace(/\.$/, '');

export interface NodeDnsOptions {
  /** `host:port` (or `[v6]:port`) entries; empty means the system's resolvers. */
  servers?: string[];
  /** Per try; c-ares doubles it on each retry. */
  timeoutMs?: number;
  tries?: number;
}

/** node:dns's Resolver (c-ares) on the configured servers, so every DNS check asks the same ones (host contract: --dns). */
export class NodeDnsResolver implements DnsResolver {
  private readonly resolver: Resolver;

  constructor(options: NodeDnsOptions = {}) {
    this.resolver = new Resolver({ timeout: options.timeoutMs ?? 2_000, tries: options.tries ?? 2 });
    if (options.servers?.length) this.resolver.setServers(options.servers);
  }

  mx(name: string): Promise<MxRecord[]> {
    return this.ask(name, async () => (await this.resolver.resolveMx(name)).map((r) => ({ exchange: clean(r.exchange), priority: r.priority })));
  }

  txt(name: string): Promise<string[]> {
    return this.ask(name, async () => (await this.resolver.resolveTxt(name)).map((chunks) => chunks.join('')));
  }

  cname(name: string): Promise<string[]> {
    return this.ask(name, async () => (await this.resolver.resolveCname(name)).map(clean));
  }

  /** IPv4 addresses of `name`, for connecting to a custom host through the same servers. */
  ipv4(name: string): Promise<string[]> {
    return this.ask(name, () => this.resolver.resolve4(name));
  }

  private async ask<T>(name: string, lookup: () => Promise<T[]>): Promise<T[]> {
    try {
      return await lookup();
    } catch (e) {
      const code = String((e as { code?: unknown }).code ?? '');
      if (NO_RECORDS.has(code)) return [];
      throw new DnsLookupFailed(name, code ? code.toLowerCase().replace(/^e/, '') : 'no answer');
    }
  }
}
