import { parseArgs } from 'node:util';

/** Host contract: flags win over environment variables, which win over defaults. */
export interface DevServerArgs {
  port: number;
  host: string;
  db: string | undefined;
  dataDir: string;
  fixtures: string | undefined;
  dns: string[];
  smtp: string | undefined;
  jobs: 'sqlite' | 'postgres' | 'mongo' | undefined;
  jobsUrl: string | undefined;
  webhookAllow: string[];
}

const FLAGS = {
  port: { type: 'string' }, host: { type: 'string' }, db: { type: 'string' }, 'data-dir': { type: 'string' },
  fixtures: { type: 'string' }, dns: { type: 'string' }, smtp: { type: 'string' }, jobs: { type: 'string' },
  'jobs-url': { type: 'string' }, 'webhook-allow': { type: 'string' }, help: { type: 'boolean' },
} as const;

export const USAGE = `Usage: npm start -- [--port N] [--host H] [--db URL_OR_PATH] [--data-dir DIR] [--fixtures FILE]
                    [--dns HOST:PORT,...] [--smtp URL] [--jobs sqlite|postgres|mongo] [--jobs-url URL]
                    [--webhook-allow http://127.0.0.1:PORT,...]`;

/** Every problem is reported at once, with what to set. */
export function readArgs(argv: string[], env: NodeJS.ProcessEnv): DevServerArgs | 'help' {
  const { values } = parseArgs({ args: argv, options: FLAGS, strict: true, allowPositionals: false });
  if (values.help) return 'help';
  const pick = (flag: string | undefined, name: string) => flag ?? (env[name] || undefined);
  const problems: string[] = [];
  const portText = pick(values.port, 'PORT') ?? '8080';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`--port / PORT must be 0 to 65535 (got ${portText})`);
  const dns = (pick(values.dns, 'DNS_SERVERS') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  dns.forEach((d) => { if (!/^(\[[0-9a-f:.]+\]|[^:\s]+)(:\d{1,5})?$/i.test(d)) problems.push(`--dns / DNS_SERVERS entry ${d} must be HOST:PORT`); });
  const jobs = pick(values.jobs, 'JOBS_BACKEND');
  if (jobs && !['sqlite', 'postgres', 'mongo'].includes(jobs)) problems.push(`--jobs / JOBS_BACKEND must be sqlite, postgres or mongo (got ${jobs})`);
  if (problems.length) throw new Error(`Cannot start:\n  - ${problems.join('\n  - ')}\n${USAGE}`);
  return {
    port, host: pick(values.host, 'HOST') ?? '127.0.0.1', db: pick(values.db, 'DATABASE_URL'),
    dataDir: pick(values['data-dir'], 'DATA_DIR') ?? './data', fixtures: pick(values.fixtures, 'MAIL_FIXTURES'),
    dns, smtp: pick(values.smtp, 'SMTP_URL'), jobs: jobs as DevServerArgs['jobs'], jobsUrl: pick(values['jobs-url'], 'JOBS_URL'),
    // Insecure webhook targets, for tests and local development only: a comma list of origins.
    webhookAllow: (pick(values['webhook-allow'], 'WEBHOOK_ALLOW') ?? '').split(',').map((s) => s.trim()).filter(Boolean),
  };
}
