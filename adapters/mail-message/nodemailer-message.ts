import type { OutgoingMail } from '../../core/ports/mailer.ts';

/** One message as nodemailer takes it, for every mailer built on nodemailer; DKIM-signed when the mail carries a key. */
export function nodemailerMessage(mail: OutgoingMail) {
  return {
    from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers,
    cc: mail.cc, bcc: mail.bcc, replyTo: mail.replyTo,
    attachments: mail.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })),
    ...(mail.dkim ? { dkim: { domainName: mail.dkim.domainName, keySelector: mail.dkim.selector, privateKey: mail.dkim.privateKeyPem } } : {}),
  };
}
