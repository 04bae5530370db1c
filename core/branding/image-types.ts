import type { ImageType } from '../ports/image-processor.ts';

// Which picture an upload is. The `Content-Type` names it (spec: "raw image body, Content-Type one of ..."); the
// first bytes must agree, so a mislabelled body is refused here instead of being decoded as something else.

const CONTENT_TYPES: Record<string, ImageType> = {
  'image/png': 'png', 'image/jpeg': 'jpeg', 'image/jpg': 'jpeg', 'image/pjpeg': 'jpeg', 'image/webp': 'webp',
  'image/gif': 'gif', 'image/svg+xml': 'svg',
};

/** The type a `Content-Type` header names (parameters ignored), or null for none we read. */
export function imageTypeOf(contentType: string | null): ImageType | null {
  const essence = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return CONTENT_TYPES[essence] ?? null;
}

const startsWith = (b: Uint8Array, bytes: number[], at = 0) => bytes.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** What the first bytes say the body is; SVG is text, judged by its first element. */
export function sniffImageType(head: Uint8Array): ImageType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (looksLikeSvg(head)) return 'svg';
  return null;
}

/** A BOM, an XML declaration, comments or a doctype may come first; then the root must be `<svg`. */
function looksLikeSvg(head: Uint8Array): boolean {
  let text = '';
  for (const byte of head.subarray(0, 4096)) text += String.fromCharCode(byte);
  text = text.replace(/^\xef\xbb\xbf/, '').replace(/^\s*(<\?xml[\s\S]*?\?>)?(\s*<!--[\s\S]*?-->|\s*<!DOCTYPE[^>]*>)*\s*/i, '');
  return /^<svg[\s>]/i.test(text);
}
