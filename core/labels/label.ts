// spec: Resources — Label. User labels only; system labels (INBOX, STARRED, UNREAD, TRASH, ...) are never stored
// here, and every user label id starts with `USER_`, so a system id can never name one.

export interface Label {
  /** `USER_` + the name it was created with, upper-cased; fixed for life (host contract: label id). */
  id: string;
  workspaceId: string;
  name: string;
  /** A hex colour in upper case or a palette gradient token; null when the label has no colour. */
  backgroundColor: string | null;
  aiInstructions: string | null;
  aiEnabled: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A label as read, with the number of threads carrying it counted at read time. */
export type CountedLabel = Label & { threadCount: number };

// spec: Limits — Labels.
export const LABEL_LIMITS = { userLabels: 50, aiLabels: 10, nameMax: 225, instructionsMax: 500 } as const;

export const USER_LABEL_PREFIX = 'USER_';

/**
 * Host contract: `USER_` + the name upper-cased by Unicode rules (`café` -> `USER_CAFÉ`), each run of whitespace
 * turned into one `_`. `toUpperCase` is locale-independent, so every host derives the same id.
 */
export const labelIdFor = (name: string): string => USER_LABEL_PREFIX + name.toUpperCase().replace(/\s+/gu, '_');

/**
 * The name as compared "ignoring case" (spec: 409 `label_name_taken`). Upper- then lower-casing folds what a
 * single lower-casing misses (`Straße` and `STRASSE` are the same name).
 */
export const labelNameKey = (name: string): string => name.toUpperCase().toLowerCase();

/** spec: 403 `plan_required` — an AI label is one with AI switched on or instructions set. */
export const isAiLabel = (l: Pick<Label, 'aiEnabled' | 'aiInstructions'>): boolean => l.aiEnabled || l.aiInstructions !== null;
