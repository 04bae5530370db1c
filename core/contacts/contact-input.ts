import { AppError, invalid } from '../kernel/errors.ts';
import { isEmailAddress, normalizeEmail } from '../kernel/emails.ts';
import { CONTACT_LIMITS, type CustomFields, type FieldValue } from './contact.ts';

// The rules for the fields create, update and import share, checked once here; `at` prefixes each param
// (`contacts.3.` in an import) so a refusal names the exact element.

const CONTROL = /[\u0000-\u001f\u007f]/u;
const length = (s: string) => [...s].length;

export function contactEmail(value: unknown, param = 'email'): string {
  if (typeof value !== 'string') throw invalid(param, `\`${param}\` is an e-mail address.`);
  const email = normalizeEmail(value);
  if (!isEmailAddress(email)) throw invalid(param, `\`${param}\` must be an e-mail address of at most 320 characters.`);
  return email;
}

/** Trimmed, at most 200 characters; null, empty or blank means none. */
export function contactName(value: unknown, param = 'name'): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw invalid(param, `\`${param}\` is a string or null.`);
  const name = value.trim();
  if (length(name) > CONTACT_LIMITS.nameMax) throw invalid(param, `A contact name is at most ${CONTACT_LIMITS.nameMax} characters.`);
  if (CONTROL.test(name)) throw invalid(param, 'A contact name cannot contain control characters.');
  return name || null;
}

function fieldKey(key: string, param: string): void {
  if (length(key) < 1 || length(key) > CONTACT_LIMITS.fieldKeyMax || CONTROL.test(key)) {
    throw invalid(param, `A custom field name is 1 to ${CONTACT_LIMITS.fieldKeyMax} characters without control characters.`);
  }
}

function fieldValue(value: unknown, param: string): FieldValue {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && length(value) <= CONTACT_LIMITS.fieldValueMax && !value.includes('\0')) return value;
  throw invalid(param, `A custom field value is a string of at most ${CONTACT_LIMITS.fieldValueMax} characters, a number or a boolean.`);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON record of at most 50 fields; each value a string, a number or a boolean. */
export function customFields(value: unknown, param = 'customFields'): CustomFields {
  if (!isRecord(value)) throw invalid(param, `\`${param}\` is an object of custom fields.`);
  return mergeFields({}, value, param, false);
}

/**
 * Applies a patch of custom fields: a value sets its field, null removes it (only when `nullRemoves`). The result
 * holds at most 50 fields.
 */
export function mergeFields(current: CustomFields, patch: unknown, param = 'customFields', nullRemoves = true): CustomFields {
  if (!isRecord(patch)) throw invalid(param, `\`${param}\` is an object of custom fields.`);
  const out: CustomFields = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    const at = `${param}.${key}`;
    fieldKey(key, at);
    if (value === null && nullRemoves) delete out[key];
    else out[key] = fieldValue(value, at);
  }
  if (Object.keys(out).length > CONTACT_LIMITS.fieldsMax) {
    throw invalid(param, `A contact has at most ${CONTACT_LIMITS.fieldsMax} custom fields.`);
  }
  return out;
}

/** Audience ids named by a create or import: at most 50 strings; repeats count once. */
export function audienceIdList(value: unknown, param = 'audienceIds'): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw invalid(param, `\`${param}\` is a list of audience ids.`);
  if (value.length > CONTACT_LIMITS.audiencesMax) throw invalid(param, `\`${param}\` names at most ${CONTACT_LIMITS.audiencesMax} audiences.`);
  return [...new Set(value as string[])];
}

export const audienceNotFound = (param: string, id: string): AppError =>
  new AppError('audience_not_found', `No audience \`${id}\` in this workspace.`, param);
