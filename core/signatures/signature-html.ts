import { invalid } from '../kernel/errors.ts';
import type { HtmlSanitizer } from '../ports/html-sanitizer.ts';
import { SIGNATURE_LIMITS } from './signature.ts';

const IMAGE = /<img\b[^>]*\ssrc\s*=\s*"[^"]+"/i;
const TAG = /<[^>]*>/g;
// Entities the sanitiser writes for invisible characters: a signature of only these says nothing.
const BLANK_ENTITY = /&(nbsp|#160|#xa0|#8203|#x200b|zwnj|zwj|#x200c|#x200d);/gi;
const INVISIBLE = /[\s\u00a0\u200b-\u200d\u2060\ufeff]/g;

/** True when sanitised HTML still shows something: visible text, or an image with a source. */
export function hasContent(sanitised: string): boolean {
  if (IMAGE.test(sanitised)) return true;
  return sanitised.replace(TAG, '').replace(BLANK_ENTITY, '').replace(INVISIBLE, '').length > 0;
}

/**
 * spec: Resources — Signature. Sanitised like outgoing mail; at most 150,000 characters before and after
 * sanitising (entities written out can make it longer); what is left must keep text or an image.
 */
export function cleanSignatureHtml(sanitizer: HtmlSanitizer, html: string, param = 'html'): string {
  const max = SIGNATURE_LIMITS.htmlMax;
  if (html.length > max) throw invalid(param, `Signature HTML is at most ${max.toLocaleString('en')} characters.`);
  const clean = sanitizer.sanitize(html);
  if (clean.length > max) throw invalid(param, `Signature HTML is at most ${max.toLocaleString('en')} characters once sanitised.`);
  if (!hasContent(clean)) throw invalid(param, 'Signature HTML must keep some text or an image once sanitised.');
  return clean;
}
