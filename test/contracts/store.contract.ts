import type { TestFn } from 'ava';
import { checker, type OpenedStore } from './kit.ts';
import { audienceContract, directoryContract } from './directory.contract.ts';
import { keyContract } from './keys.contract.ts';
import { logContract } from './logs.contract.ts';
import { securityContract } from './security.contract.ts';
import { transactionContract } from './transactions.contract.ts';
import { eventContract } from './events.contract.ts';
import { webhooksContract } from './webhooks.contract.ts';
import { filesContract } from './files.contract.ts';
import { signaturesContract } from './signatures.contract.ts';
import { labelsContract } from './labels.contract.ts';
import { contactsContract } from './contacts.contract.ts';
import { settingsContract } from './settings.contract.ts';
import { domainsContract } from './domains.contract.ts';
import { emailsContract } from './emails.contract.ts';

export type { OpenedStore } from './kit.ts';

/** What every Store must do, whatever the database under it. */
export function runStoreContract(test: TestFn, name: string, open: () => Promise<OpenedStore>): void {
  const check = checker(test, name, open);
  directoryContract(check);
  audienceContract(check);
  keyContract(check);
  logContract(check);
  securityContract(check);
  transactionContract(check);
  eventContract(check);
  webhooksContract(check);
  filesContract(check);
  signaturesContract(check);
  labelsContract(check);
  contactsContract(check);
  settingsContract(check);
  domainsContract(check);
  emailsContract(check);
}
