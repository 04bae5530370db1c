import test, { type ExecutionContext } from 'ava';
import { openDatabase } from '../../adapters/knex/connect.ts';
import { createKnexStore } from '../../adapters/knex/store.knex.ts';
import { TestDnsServer } from '../support/dns-server.ts';
import { TestTlsServer } from '../support/tls-server.ts';
import { BACKENDS, startTestServer, type TestServer } from '../support/server.ts';

// Helpers the domains tests share: one DNS server and one TLS server per test file (records reset per test), a
// test server wired to them, publishing a domain's records, and reading the event outbox.

export const SERVICE_HOST = 'mail.workspace-mail.localhost';

export interface World { dns: TestDnsServer; tls: TestTlsServer }

let started: Promise<World> | null = null;
const world = () => (started ??= (async () => ({
  dns: await TestDnsServer.start(),
  tls: await TestTlsServer.start(['*.acme.test', '*.beta.test', '*.example.test']),
}))());

test.after.always(async () => {
  if (!started) return;
  const w = await started;
  await Promise.all([w.dns.close(), w.tls.close()]);
});

/** One test per backend over a fresh server that checks DNS against the test's DNS server. */
export function domainTest(title: string, fn: (t: ExecutionContext, s: TestServer, w: World) => Promise<void>): void {
  for (const backend of BACKENDS) {
    test.serial(`[${backend}] ${title}`, async (t) => {
      const w = await world();
      w.dns.reset();
      w.tls.handle = async () => ({ status: 404, body: 'not found' });
      const s = await startTestServer(backend, { dnsServers: [w.dns.address], hostCheckCa: w.tls.ca, hostCheckPort: w.tls.port });
      try { await fn(t, s, w); } finally { await s.stop(); }
    });
  }
}

interface RecordView { type: 'MX' | 'TXT' | 'CNAME'; name: string; value: string; priority?: number; purpose: string }

/** Publishes the records a domain read lists (all, or those of the named purposes) on the test DNS server. */
export function publish(w: World, records: RecordView[], purposes?: string[]): void {
  for (const r of records) {
    if (purposes && !purposes.includes(r.purpose)) continue;
    w.dns.add(r.name, { type: r.type, value: r.value, priority: r.priority });
  }
}

export const addDomain = async (s: TestServer, domain: string, token = s.fixture.tokens.owner) =>
  s.call('POST', '/domains', { token, body: { domain } });

export async function eventsOf(s: TestServer, type?: string) {
  const db = await openDatabase(s.service.config.db);
  try {
    const all = await createKnexStore(db.knex).events.listAfter(s.fixture.ids.workspace, null, 1000);
    return type ? all.filter((e) => e.type === type) : all;
  } finally {
    await db.close();
  }
}

/** Runs `work` with a store of its own over the server's database (to seed rows a test needs in bulk). */
export async function withStore<T>(s: TestServer, work: (store: ReturnType<typeof createKnexStore>) => Promise<T>): Promise<T> {
  const db = await openDatabase(s.service.config.db);
  try {
    return await work(createKnexStore(db.knex));
  } finally {
    await db.close();
  }
}
