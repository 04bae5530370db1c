/** A domain's DKIM key: mail from the domain is signed with it (`d=` the domain, `s=` the selector). */
export interface DkimSigning { domainName: string; selector: string; privateKeyPem: string }

export interface OutgoingMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  dkim?: DkimSigning;
  // Added by the emails area (POST /emails): copies, reply address and attached files.
  cc?: string[];
  bcc?: string[];
  replyTo?: string;
  attachments?: MailAttachment[];
}

/** A file carried whole in the message. */
export interface MailAttachment { filename: string; contentType: string; content: Uint8Array }

/** Sends (or, in development, files) one message. Rejects with an Error when it could not be handed over. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
}
