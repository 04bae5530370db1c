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
}

/** Sends (or, in development, files) one message. Rejects with an Error when it could not be handed over. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
}
