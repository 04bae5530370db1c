import dns2 from 'dns2';

// The typings lack RCODE and type answers narrowly; the runtime has both.
const Packet = dns2.Packet as any;

type RecordType = 'A' | 'MX' | 'TXT' | 'CNAME';
export interface ServedRecord { type: RecordType; value: string; priority?: number }

/**
 * A real DNS server on a local port (UDP and TCP, as c-ares falls back to TCP for long TXT answers) that serves
 * what a test sets: `set(name, records)`. Unknown names are NXDOMAIN; `failing(name)` answers SERVFAIL.
 */
export class TestDnsServer {
  private readonly zone = new Map<string, ServedRecord[]>();
  private readonly broken = new Set<string>();
  private constructor(private readonly udp: any, private readonly tcp: any, readonly port: number) {}

  static async start(): Promise<TestDnsServer> {
    const handle = (server: () => TestDnsServer) => (request: any, send: (r: unknown) => void) => send(server().answer(request));
    let self: TestDnsServer | null = null;
    const udp = dns2.createUDPServer(handle(() => self!) as never);
    await udp.listen(0, '127.0.0.1');
    const port = (udp.address() as { port: number }).port;
    const tcp = dns2.createTCPServer(handle(() => self!) as never);
    // c-ares keeps its TCP connections open; they are ended at close so neither side holds the process.
    const sockets = new Set<import('node:net').Socket>();
    tcp.on('connection', (socket: import('node:net').Socket) => { sockets.add(socket); socket.once('close', () => sockets.delete(socket)); });
    (tcp as { sockets?: typeof sockets }).sockets = sockets;
    await new Promise<void>((resolve, reject) => { tcp.once('listening', resolve); tcp.once('error', reject); tcp.listen(port, '127.0.0.1'); });
    self = new TestDnsServer(udp, tcp, port);
    return self;
  }

  /** The `--dns` form of this server. */
  get address(): string { return `127.0.0.1:${this.port}`; }

  set(name: string, records: ServedRecord[]): void { this.zone.set(name.toLowerCase(), records); }
  add(name: string, ...records: ServedRecord[]): void { this.set(name, [...(this.zone.get(name.toLowerCase()) ?? []), ...records]); }
  failing(name: string): void { this.broken.add(name.toLowerCase()); }
  reset(): void { this.zone.clear(); this.broken.clear(); }

  close(): Promise<void> {
    return Promise.all([
      new Promise<void>((r) => this.udp.close(() => r())),
      new Promise<void>((r) => { this.tcp.close(() => r()); for (const socket of this.tcp.sockets ?? []) socket.destroy(); }),
    ]).then(() => undefined);
  }

  private answer(request: any): unknown {
    const response = Packet.createResponseFromRequest(request);
    const [q] = request.questions;
    const name = String(q.name).toLowerCase();
    if (this.broken.has(name)) { response.header.rcode = Packet.RCODE.SERVFAIL; return response; }
    const records = this.zone.get(name);
    if (!records) { response.header.rcode = Packet.RCODE.NXDOMAIN; return response; }
    const wanted = Object.entries(Packet.TYPE).find(([, v]) => v === q.type)?.[0] as RecordType | undefined;
    const push = (owner: string, r: ServedRecord) => response.answers.push({
      name: owner, type: Packet.TYPE[r.type], class: Packet.CLASS.IN, ttl: 60,
      ...(r.type === 'A' ? { address: r.value } : r.type === 'MX' ? { exchange: r.value, priority: r.priority ?? 10 }
        : r.type === 'TXT' ? { data: chunks(r.value) } : { domain: r.value }),
    });
    const direct = records.filter((r) => r.type === wanted);
    if (direct.length) direct.forEach((r) => push(name, r));
    else {
      // Like a recursive resolver: follow a CNAME and answer the target's records of the asked type.
      const alias = records.find((r) => r.type === 'CNAME');
      if (alias) {
        push(name, alias);
        for (const r of this.zone.get(alias.value.toLowerCase()) ?? []) if (r.type === wanted) push(alias.value, r);
      }
    }
    return response;
  }
}

/** TXT character-strings hold at most 255 bytes each; long values (DKIM keys) are split like a zone file would. */
const chunks = (value: string): string[] => value.match(/.{1,255}/g) ?? [''];
