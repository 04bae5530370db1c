export interface OutgoingMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

/** Sends (or, in development, files) one message. Rejects with an Error when it could not be handed over. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
}
