import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { createMailService } from '../hosts/library/mail-service.ts';
import { tempDir } from './temp-dir.ts';
import { heading, int, ms, note, seconds, table } from './report.ts';
import { percentile } from './stats.ts';

// Webhook delivery on the embedded default (SQLite, knex agenda backend): 1,000 events recorded in one burst,
// routed to 3 endpoints, delivered to a local receiver. Lag is from the event's commit time to its arrival.

const EVENTS = 1_000;
const ENDPOINTS = 3;

export async function webhookThroughput(): Promise<void> {
  heading(`Webhook delivery: ${int(EVENTS)} events in a burst to ${ENDPOINTS} endpoints (SQLite)`);
  const data = tempDir('webhooks');
  const arrivals: Array<{ at: number; createdAt: number; id: string }> = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      arrivals.push({ at: Date.now(), createdAt: Date.parse(JSON.parse(body).createdAt), id: String(req.headers['webhook-id']) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as { port: number }).port;
  const origin = `http://127.0.0.1:${port}`;
  const service = await createMailService({ dataDir: data.path, db: join(data.path, 'mail.db'), webhookAllow: [origin] });
  try {
    const workspaceId = randomUUID();
    const keyId = randomBytes(12).toString('hex');
    const token = `wm_live_${keyId}_${randomBytes(32).toString('base64url')}`;
    await service.fixtures.execute({
      version: 1,
      users: [{ id: 'usr_bench', email: 'bench@example.test', name: 'Bench' }],
      workspaces: [{
        id: workspaceId, name: 'Bench', slug: 'bench', kind: 'team', owner: 'usr_bench', plan: 'starter', members: [],
        domains: [{ id: randomUUID(), domain: 'bench.test', receivingVerified: true, sendingStatus: 'verified', catchAll: true }],
        addresses: [{ address: 'hello@bench.test', enabled: true }],
        apiKeys: [{ id: keyId, name: 'bench', token, scopes: 'all', addressAllowlist: [], domainAllowlist: [], ipAllowlist: [], roleId: null, expiresAt: null }],
        accessTokens: [], audiences: [], contacts: [],
      }],
    });
    const caller = await service.authenticate.execute(token, '127.0.0.1');
    for (let i = 0; i < ENDPOINTS; i++) await service.webhooks.create.execute(caller, { url: `${origin}/hook/${i}`, eventTypes: ['email.sent'] });

    const started = performance.now();
    await service.events.record.execute(Array.from({ length: EVENTS }, (_, i) => ({
      type: 'email.sent', workspaceId, address: 'hello@bench.test', domain: 'bench.test', data: { n: i },
    })));
    const expected = EVENTS * ENDPOINTS;
    const deadline = Date.now() + 120_000;
    while (arrivals.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const elapsed = performance.now() - started;
    const unique = new Set(arrivals.map((a) => a.id)).size;
    if (unique < expected) throw new Error(`only ${unique} of ${expected} deliveries arrived within 120 s`);
    const lags = arrivals.map((a) => a.at - a.createdAt);
    table(['measure', 'value'], [
      ['deliveries', int(arrivals.length)],
      ['duplicates', int(arrivals.length - unique)],
      ['wall time', seconds(elapsed)],
      ['deliveries per second', int(expected / (elapsed / 1000))],
      ['lag p50', ms(percentile(lags, 50))],
      ['lag p99', ms(percentile(lags, 99))],
      ['lag max', ms(Math.max(...lags))],
    ]);
    note('receiver and service share this process; lag = arrival time minus the event\'s createdAt');
  } finally {
    await service.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    data.remove();
  }
}
