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
  clock?: Clock;
  ids?: IdSource;
  mailer?: Mailer;
  /** Told about failures of background work (buffered request-log writes); default: ignored. */
  onBackgroundError?: (error: unknown) => void;
}

export interface ResolvedConfig extends Required<Pick<MailServiceOptions, 'db' | 'dataDir' | 'mailFrom' | 'accountDomain' | 'rateLimitStore' | 'requestsPerMinute'>> {
  masterKey: string | undefined;
  smtpUrl: string | undefined;
  dialect: 'sqlite' | 'postgres';
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
  if (problems.length) throw new Error(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  const dialect = isPostgres(db) ? 'postgres' : 'sqlite';
  return {
    db, dataDir, dialect, masterKey: o.masterKey, smtpUrl: o.smtpUrl, mailFrom: o.mailFrom ?? 'Workspace Mail <no-reply@workspace-mail.localhost>', accountDomain: o.accountDomain ?? 'workspace-mail.localhost',
    rateLimitStore: o.rateLimitStore ?? (dialect === 'postgres' ? 'database' : 'memory'), requestsPerMinute: rpm,
  };
}
