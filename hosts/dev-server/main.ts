import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { createMailService } from '../library/mail-service.ts';
import { startHttpServer } from '../http/server.ts';
import { readArgs, USAGE } from './args.ts';
import { FixtureError } from '../../core/fixtures/read-fixture.ts';

const DEMO = fileURLToPath(new URL('../../fixtures/demo.json', import.meta.url));

async function main(): Promise<void> {
  const args = readArgs(process.argv.slice(2), process.env);
  if (args === 'help') { console.log(USAGE); return; }
  const logger = pino({ level: process.env.LOG_LEVEL ?? 'info', redact: ['req.headers.authorization', '*.token', '*.secret', '*.password'] });
  const service = await createMailService({
    db: args.db, dataDir: args.dataDir, masterKey: process.env.MASTER_KEY || undefined, smtpUrl: args.smtp,
    jobs: args.jobs ? { backend: args.jobs, url: args.jobsUrl } : undefined, webhookAllow: args.webhookAllow,
    webhookTimeoutMs: process.env.WEBHOOK_TIMEOUT_MS ? Number(process.env.WEBHOOK_TIMEOUT_MS) : undefined,
    dnsServers: args.dns,
    // For benchmarks only: the spec's budget is 600 a minute.
    onBackgroundError: (err) => logger.error({ err }, 'background write failed'),
    requestsPerMinute: process.env.MAIL_REQUESTS_PER_MINUTE ? Number(process.env.MAIL_REQUESTS_PER_MINUTE) : undefined,
  });

  // With --fixtures only that file loads; without it the demo seeds an empty database (host contract).
  const fixturePath = args.fixtures ?? ((await service.isEmpty()) ? DEMO : null);
  const loaded = fixturePath ? await service.fixtures.execute(JSON.parse(readFileSync(fixturePath, 'utf8'))) : null;

  const running = await startHttpServer(service, logger, { port: args.port, host: args.host });
  if (loaded && fixturePath === DEMO) announceDemo(loaded.workspaces[0]?.apiKeys[0], running.url);
  console.log(`listening on ${running.url}`);
  const stop = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    running.stop().then(() => process.exit(0), (err) => { logger.error({ err }, 'shutdown failed'); process.exit(1); });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

function announceDemo(key: { secret: string; id: string } | undefined, baseUrl: string) {
  if (!key) return;
  const token = `wm_live_${key.id}_${key.secret}`;
  console.log(`Loaded the demo workspace. Owner key: ${token}`);
  console.log(`Try: curl -H "Authorization: Bearer ${token}" ${baseUrl}/keys`);
}

main().catch((err) => {
  console.error(err instanceof FixtureError ? err.message : err instanceof Error && err.message.startsWith('Cannot start') ? err.message : err);
  process.exit(1);
});
