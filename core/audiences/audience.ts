import { AppError, invalid } from '../kernel/errors.ts';
import type { CountedAudience } from '../ports/contact-repository.ts';

// spec: Resources — Audience; Limits — workspace soft limit of 100 audiences.

export const AUDIENCE_LIMITS = {
  nameMax: 120,
  /** Not shown in the spec; kept in line with automation descriptions. */
  descriptionMax: 500,
  /** Audiences a workspace makes; the built-in default audience is not counted. */
  audiences: 100,
} as const;

const CONTROL = /[\u0000-\u001f\u007f]/u;
const length = (s: string) => [...s].length;

/** Trimmed, 1 to 120 characters; names are not unique. */
export function audienceName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (length(name) < 1 || length(name) > AUDIENCE_LIMITS.nameMax) throw invalid('name', `An audience name is 1 to ${AUDIENCE_LIMITS.nameMax} characters.`);
  if (CONTROL.test(name)) throw invalid('name', 'An audience name cannot contain control characters.');
  return name;
}

/** Nullable; trimmed, empty means none. */
export function audienceDescription(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw invalid('description', '`description` is a string or null.');
  const text = value.trim();
  if (length(text) > AUDIENCE_LIMITS.descriptionMax) throw invalid('description', `A description is at most ${AUDIENCE_LIMITS.descriptionMax} characters.`);
  if (text.includes('\0')) throw invalid('description', 'A description cannot contain NUL characters.');
  return text || null;
}

export const tooManyAudiences = (): AppError =>
  new AppError('workspace_limit_reached', `A workspace has at most ${AUDIENCE_LIMITS.audiences} audiences; ask to have the limit raised.`, null);

export const audienceNotFound = (param: string | null = 'id'): AppError => new AppError('audience_not_found', 'No such audience.', param);

/** What every read of an audience shows; `contactCount` and `lastContactAt` are counted at read time. */
export const audienceView = (a: CountedAudience) => ({
  object: 'audience' as const,
  id: a.id,
  name: a.name,
  description: a.description,
  builtin: a.builtin,
  showOnPreferences: a.showOnPreferences,
  contactCount: a.contactCount,
  lastContactAt: a.lastContactAt,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
});
export type AudienceView = ReturnType<typeof audienceView>;
