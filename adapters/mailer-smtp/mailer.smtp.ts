import { createTransport } from 'nodemailer';
import type { Mailer, OutgoingMail } from '../../core/ports/mailer.ts';
import { nodemailerMessage } from '../mail-message/nodemailer-message.ts';

export interface SmtpMailerOptions {
  /** ms to open the TCP/TLS connection and to get the server's greeting; default 10 s each. */
  connectTimeoutMs?: number;
  /** ms of silence on an open connection before giving up; default 30 s (nodemailer's own is 10 minutes). */
  socketTimeoutMs?: number;
}

/** Hands messages to a relay given as `smtp://[user:pass@]host[:port]` or `smtps://…` (implicit TLS). */
export class SmtpMailer implements Mailer {
  readonly #transport;

  constructor(url: string, options: SmtpMailerOptions = {}) {
    const connectTimeout = options.connectTimeoutMs ?? 10_000;
    this.#transport = createTransport({
      url: checkedUrl(url),
      connectionTimeout: connectTimeout,
      greetingTimeout: connectTimeout,
      socketTimeout: options.socketTimeoutMs ?? 30_000,
      logger: false,
      debug: false,
    });
  }

  async send(mail: OutgoingMail): Promise<{ messageId: string }> {
    const info = await this.#transport.sendMail(nodemailerMessage(mail));
    return { messageId: info.messageId };
  }

  close(): void {
    this.#transport.close();
  }
}

/** Errors here name the scheme only: the URL carries the relay password and error messages end up in logs. */
function checkedUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('SMTP URL is not a valid URL (expected smtp://user:pass@host:port or smtps://…)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`SMTP URL must start with smtp:// or smtps:// (got ${url.protocol}//)`);
  }
  if (!url.hostname) throw new Error('SMTP URL has no host');
  // Query options override ours in nodemailer; these two would print the SMTP conversation, AUTH included.
  url.searchParams.delete('logger');
  url.searchParams.delete('debug');
  return url.toString();
}
