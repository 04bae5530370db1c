import type { Store } from '../../core/ports/repositories.ts';
import type { Email } from '../../core/emails/email.ts';

let seq = 0;

/** Rows made straight in the store, for counts a test cannot reach by sending (the monthly allowance). */
export const emails = {
  async seedSent(store: Store, workspaceId: string, recipients: number, at: string): Promise<void> {
    for (let left = recipients; left > 0; left -= 50) {
      const n = Math.min(50, left);
      const id = `em_${(++seq).toString(16).padStart(24, '0')}`;
      const email: Email = {
        id, workspaceId, from: 'hi@other.test', fromAddress: 'hi@other.test',
        to: Array.from({ length: n }, (_, i) => `seed${seq}-${i}@example.test`), cc: [], bcc: [], subject: 'seed', html: null, text: 'x',
        replyTo: null, headers: {}, attachments: [], signatureId: null, tags: {}, marketing: false, status: 'sent', scheduledAt: null,
        suppressed: [], messageId: null, error: null, linkBase: 'http://localhost', createdAt: at, updatedAt: at, sentAt: at, failedAt: null, cancelledAt: null,
      };
      await store.emails.insert(email);
    }
  },
};
