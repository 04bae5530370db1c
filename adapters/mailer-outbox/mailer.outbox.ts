import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createTransport } from 'nodemailer';
import type { Clock } from '../../core/ports/clock.ts';
import type { Mailer, OutgoingMail } from '../../core/ports/mailer.ts';
import { nodemailerMessage } from '../mail-message/nodemailer-message.ts';

const systemClock: Clock = { now: () => new Date() };

/** Development mailer: each message becomes an .eml file that any mail client can open. */
export class OutboxMailer implements Mailer {
  // streamTransport renders the exact bytes an SMTP relay would get, without a network.
  readonly #transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(private readonly dir: string, private readonly clock: Clock = systemClock) {}

  async send(mail: OutgoingMail): Promise<{ messageId: string }> {
    const now = this.clock.now();
    const info = await this.#transport.sendMail({ ...nodemailerMessage(mail), date: now });
    const safeId = info.messageId.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^_+|_+$/g, '');
    const file = join(this.dir, `${now.toISOString().replace(/:/g, '-')}-${safeId}.eml`);
    // The directory may be removed while we run (someone emptying the outbox), so make sure of it on every send.
    await mkdir(this.dir, { recursive: true });
    // Renamed into place so a watcher never picks up a half-written message.
    const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temp, info.message as Buffer, { flag: 'wx' });
    await rename(temp, file);
    return { messageId: info.messageId };
  }
}
