import { join } from 'node:path';
import type { Clock } from '../../core/ports/clock.ts';
import type { IdSource } from '../../core/ports/id-source.ts';
import type { Mailer } from '../../core/ports/mailer.ts';

/** Everything a host can set. Ports given here (clock, ids, mailer) replace the default adapters, e.g. in tests. */
export interface MailServiceOptions {
  /** A SQLite file path, `sqlite://PATH`, or `postgres://…`. Default `<dataDir>/mail.db`. */
  db?: string;
  /** Blobs, the dev outbox, the SQLite file and the generated master key. Default `./data`. */
  dataDir?: string;
  /** 32-byte key, hex or base64. Default: generated once into `<dataDir>/master.key`. */
  masterKey?: string;
  /** Outgoing SMTP relay (`smtp://host:port`); without it mail is written as .eml files to `<dataDir>/outbox/`. */
  smtpUrl?: string;
  /** Sender of the service's own mail (verification codes). */
  mailFrom?: string;
  /** The domain of people's own addresses (`<username>@<accountDomain>`). */
  accountDomain?: string;
  /**
   * Where request counters live: `memory` (one process) or `database` (shared by every process on the
   * database). Default: `database` on PostgreSQL, `memory` on SQLite.
   */
  rateLimitStore?: 'memory' | 'database';
  requestsPerMinute?: number;
  /** `host:port` DNS servers for every DNS check (dev server `--dns`); default the system's resolvers. */
  dnsServers?: string[];
  /** The service's own host: DNS records of domains point under it (`mx.<serviceHost>`). Default `mail.workspace-mail.localhost`. */
  serviceHost?: string;
  /** Custom-host checks: CA certificates (PEM) to trust instead of the system's, and the port to connect to (tests). */
  hostCheckCa?: string;
  hostCheckPort?: number;
  clock?: Clock;
  ids?: IdSource;
  mailer?: Mailer;
  /**
   * Where durable jobs (webhook deliveries) live: `sqlite` (the service database), `postgres` or `mongo`, with its
   * connection string. Default: the service database itself.
   */
  jobs?: { backend: 'sqlite' | 'postgres' | 'mongo'; url?: string };
  /** Insecure webhook targets allowed for tests and local development (`http://127.0.0.1:PORT`); empty by default. */
  webhookAllow?: string[];
  /** Bound on each webhook attempt, in milliseconds. Default 10,000. */
  webhookTimeoutMs?: number;
  /** Told about failures of background work (buffered request-log writes); default: ignored. */
  onBackgroundError?: (error: unknown) => void;
}

export interface ResolvedConfig extends Required<Pick<MailServiceOptions, 'db' | 'dataDir' | 'mailFrom' | 'accountDomain' | 'rateLimitStore' | 'requestsPerMinute' | 'dnsServers' | 'serviceHost'>> {
  hostCheckCa: string | undefined;
  hostCheckPort: number | undefined;
  masterKey: string | undefined;
  smtpUrl: string | undefined;
  dialect: 'sqlite' | 'postgres';
  jobs: { backend: 'sqlite' | 'postgres' | 'mongo'; url: string };
  webhookAllow: string[];
  webhookTimeoutMs: number;
}

const isPostgres = (url: string) => /^postgres(ql)?:\/\//.test(url);

/** Checks everything at once and reports every problem together (fail fast at boot). */
export function resolveConfig(o: MailServiceOptions): ResolvedConfig {
  const dataDir = o.dataDir ?? './data';
  const db = o.db ?? join(dataDir, 'mail.db');
  const problems: string[] = [];
  if (o.smtpUrl && !/^smtps?:\/\//.test(o.smtpUrl)) problems.push(`smtpUrl must start with smtp:// or smtps:// (got ${o.smtpUrl.replace(/\/\/[^@]*@/, '//***@')})`);
  if (/^[a-z]+:\/\//i.test(db) && !isPostgres(db) && !db.startsWith('sqlite://')) problems.push('db must be a file path, sqlite://PATH or postgres://…');
  const rpm = o.requestsPerMinute ?? 600;
  if (!Number.isInteger(rpm) || rpm < 1) problems.push('requestsPerMinute must be a positive integer');
  if (o.rateLimitStore && !['memory', 'database'].includes(o.rateLimitStore)) problems.push('rateLimitStore must be memory or database');
  const jobs = resolveJobs(o.jobs, db, problems);
  const webhookAllow = o.webhookAllow ?? [];
  webhookAllow.forEach((a) => { if (!/^https?:\/\/[^/]+\/?$/.test(a)) problems.push(`webhookAllow entries are origins like http://127.0.0.1:PORT (got ${a})`); });
  const webhookTimeoutMs = o.webhookTimeoutMs ?? 10_000;
  if (!Number.isInteger(webhookTimeoutMs) || webhookTimeoutMs < 1) problems.push('webhookTimeoutMs must be a positive integer');
  if (problems.length) throw new Error(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  const dialect = isPostgres(db) ? 'postgres' : 'sqlite';
  return {
    db, dataDir, dialect, masterKey: o.masterKey, smtpUrl: o.smtpUrl, mailFrom: o.mailFrom ?? 'Workspace Mail <no-reply@workspace-mail.localhost>', accountDomain: o.accountDomain ?? 'workspace-mail.localhost',
    rateLimitStore: o.rateLimitStore ?? (dialect === 'postgres' ? 'database' : 'memory'), requestsPerMinute: rpm,
    dnsServers: o.dnsServers ?? [], serviceHost: o.serviceHost ?? 'mail.workspace-mail.localhost', hostCheckCa: o.hostCheckCa, hostCheckPort: o.hostCheckPort,
    jobs, webhookAllow, webhookTimeoutMs,
  };
}

/** Jobs default to the service database; a `mongo` backend needs its own URL. */
function resolveJobs(jobs: MailServiceOptions['jobs'], db: string, problems: string[]): ResolvedConfig['jobs'] {
  const backend = jobs?.backend ?? (isPostgres(db) ? 'postgres' : 'sqlite');
  const url = jobs?.url ?? db;
  if (!['sqlite', 'postgres', 'mongo'].includes(backend)) problems.push('jobs.backend must be sqlite, postgres or mongo');
  if (backend === 'mongo' && !/^mongodb(\+srv)?:\/\//.test(url)) problems.push('jobs.url must be a mongodb:// URL for the mongo backend');
  if (backend === 'postgres' && !isPostgres(url)) problems.push('jobs.url must be a postgres:// URL for the postgres backend');
  if (backend === 'sqlite' && (isPostgres(db) || url !== db)) problems.push('the sqlite jobs backend lives in the service database, which must be SQLite');
  return { backend, url };
}
