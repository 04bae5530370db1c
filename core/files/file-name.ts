import { AppError } from '../kernel/errors.ts';
import { FILE_LIMITS } from './file-limits.ts';

// spec: POST /files — query `filename` or header `X-Filename` (URI-encoded; `filename` wins). The query string is
// already percent-decoded by parsing it, so only the header is decoded here: decoding the query twice would turn a
// literal `%41` in a name into `A`.

/** Control characters and the characters file systems refuse. */
const UNFIT = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;
/** An extension kept whole when a name is cut: a dot, then 1 to 16 letters or digits. */
const EXTENSION = /\.[\p{L}\p{N}]{1,16}$/u;

function decodeHeader(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // not valid percent-encoding: take it literally, the cleaning below still applies
  }
}

/** Unfit characters become `_`; a name over 255 characters is cut, keeping its extension. */
export function cleanFileName(name: string): string {
  const chars = [...name.replace(UNFIT, '_').trim()];
  if (chars.length <= FILE_LIMITS.nameMax) return chars.join('');
  const ext = EXTENSION.exec(chars.join(''))?.[0] ?? '';
  const extLength = [...ext].length;
  return chars.slice(0, FILE_LIMITS.nameMax - extLength).join('') + ext;
}

/** The upload's name from the query or the header, cleaned; 400 `upload_no_name` when neither gives one. */
export function uploadName(query: string | undefined, header: string | undefined): string {
  const raw = query !== undefined && query.trim() !== '' ? query : header !== undefined ? decodeHeader(header) : '';
  const name = cleanFileName(raw);
  if (!name) throw new AppError('upload_no_name', 'Name the file with the `filename` query parameter or the `X-Filename` header.', 'filename');
  return name;
}
