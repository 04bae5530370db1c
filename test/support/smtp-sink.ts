import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface SunkMessage {
  from: string;
  to: string[];
  raw: string;
  /** Credentials the client logged in with, so tests can check what the mailer sent; null without AUTH. */
  auth: { username: string; password: string } | null;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, no credentials. */
  url: string;
  port: number;
  messages: SunkMessage[];
  close(): Promise<void>;
}

/** A real SMTP server on loopback that accepts everything (except recipients matching `rejectRcpt`) and keeps it. */
export async function startSmtpSink(opts: { rejectRcpt?: RegExp } = {}): Promise<SmtpSink> {
  const messages: SunkMessage[] = [];
  const logins = new Map<string, SunkMessage['auth']>();
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, session, done) {
      logins.set(session.id, { username: auth.username ?? '', password: auth.password ?? '' });
      done(null, { user: auth.username });
    },
    onRcptTo(address, _session, done) {
      if (opts.rejectRcpt?.test(address.address)) {
        done(Object.assign(new Error('550 no such user here'), { responseCode: 550 }));
      } else {
        done();
      }
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', done);
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        messages.push({
          from: mailFrom ? mailFrom.address : '',
          to: rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          auth: logins.get(session.id) ?? null,
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
