import 'reflect-metadata';
import test, { type ExecutionContext } from 'ava';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createMailService, type MailService } from '../../hosts/library/mail-service.ts';
import { startHttpServer } from '../../hosts/http/server.ts';
import type { MailServiceOptions } from '../../hosts/library/config.ts';
import type { Mailer, OutgoingMail } from '../../core/ports/mailer.ts';
import { FakeClock } from './fake-clock.ts';
import { freshPostgresUrl, freshSqliteUrl } from './databases.ts';
import { makeFixture } from './fixture.ts';

export type Backend = 'sqlite' | 'postgres';
export const BACKENDS: Backend[] = ['sqlite', 'postgres'];

/** Keeps every message in memory so tests can read verification codes; can be told to fail. */
export class CapturingMailer implements Mailer {
  sent: OutgoingMail[] = [];
  failing = false;
  async send(mail: OutgoingMail) {
    if (this.failing) throw new Error('relay refused');
    this.sent.push(mail);
    return { messageId: `<${this.sent.length}@test>` };
  }
}

export interface Call { status: number; headers: Headers; body: any }

export interface TestServer {
  url: string; service: MailService; clock: FakeClock; mailer: CapturingMailer; fixture: ReturnType<typeof makeFixture>;
  call(method: string, path: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<Call>;
  stop(): Promise<void>;
}

/** A real HTTP server on a free port over a database of its own, seeded with a fresh fixture. */
export async function startTestServer(backend: Backend, options: MailServiceOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wm-test-'));
  const pg = backend === 'postgres' ? await freshPostgresUrl() : null;
  const clock = new FakeClock('2026-11-22T10:00:00.000Z');
  const mailer = new CapturingMailer();
  const service = await createMailService({ db: pg?.url ?? freshSqliteUrl(), dataDir, clock, mailer, ...options });
  const fixture = makeFixture();
  await service.fixtures.execute(fixture.json);
  const running = await startHttpServer(service, pino({ level: 'silent' }), { port: 0, host: '127.0.0.1' });
  const call: TestServer['call'] = async (method, path, opts = {}) => {
    const res = await fetch(running.url + path, {
      method,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...opts.headers,
      },
      body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try { body = JSON.parse(text); } catch { /* not JSON */ }
    return { status: res.status, headers: res.headers, body };
  };
  return {
    url: running.url, service, clock, mailer, fixture, call,
    stop: async () => { await running.stop(); await pg?.drop(); },
  };
}

/** One test per backend, each over a fresh server; serial so PostgreSQL connections stay few. */
export function serverTest(title: string, fn: (t: ExecutionContext, s: TestServer) => Promise<void>, options: MailServiceOptions = {}): void {
  for (const backend of BACKENDS) {
    test.serial(`[${backend}] ${title}`, async (t) => {
      const s = await startTestServer(backend, options);
      try { await fn(t, s); } finally { await s.stop(); }
    });
  }
}

/** Asserts the error envelope: status, code and param, with the request id repeated from the header. */
export function assertError(t: ExecutionContext, res: Call, status: number, code: string, param?: string | null): void {
  t.is(res.status, status, JSON.stringify(res.body));
  t.is(res.body?.error?.code, code, JSON.stringify(res.body));
  if (param !== undefined) t.is(res.body.error.param, param, JSON.stringify(res.body));
  t.is(res.body.error.requestId, res.headers.get('x-request-id'));
}
