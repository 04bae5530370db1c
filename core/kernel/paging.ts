import { AppError, invalid } from './errors.ts';
import type { Signer } from '../ports/crypto.ts';

// spec: Conventions, item 3. A cursor is the last row's position in the list's order, signed so that a
// cursor the list did not hand out (edited, forged, or from another list or sort) is refused.
export type Position = ReadonlyArray<string | number>;

export interface PageRequest { limit: number; after: Position | null }
export interface Page<T> { items: T[]; hasMore: boolean; nextCursor: string | null }

export const DEFAULT_LIMIT = 25;

/** What a paged list takes (spec: Conventions, item 3). */
export interface PageParams { limit?: number; cursor?: string }

/** `limit` is an integer from 1 to 100 (host contract: 422 `invalid_parameter` on `limit` otherwise). */
export function pageLimit(limit: number | undefined, fallback = DEFAULT_LIMIT): number {
  if (limit === undefined) return fallback;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalid('limit', '`limit` is an integer from 1 to 100.');
  return limit;
}

const toBase64Url = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)))
  .replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (s: string) =>
  new TextDecoder().decode(Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)));

export class Cursors {
  constructor(private readonly signer: Signer) {}

  encode(list: string, position: Position): string {
    const body = toBase64Url(JSON.stringify({ l: list, p: position }));
    return `${body}.${this.signer.sign(body)}`;
  }

  /** `list` names the list and anything that shapes its order (e.g. `files:largest`). */
  decode(list: string, cursor: string | undefined | null): Position | null {
    if (cursor === undefined || cursor === null) return null;
    const refuse = () => new AppError('invalid_cursor', 'This cursor was not handed out by this list.', 'cursor');
    const [body, sig, ...rest] = cursor.split('.');
    if (!body || !sig || rest.length || !this.signer.verify(body, sig)) throw refuse();
    try {
      const parsed = JSON.parse(fromBase64Url(body)) as { l?: unknown; p?: unknown };
      if (parsed.l !== list || !Array.isArray(parsed.p)) throw refuse();
      return parsed.p as Position;
    } catch {
      throw refuse();
    }
  }

  /** Turns `limit + 1` fetched rows into a page. */
  page<T, R = T>(list: string, rows: T[], limit: number, positionOf: (row: T) => Position, show: (row: T) => R): Page<R> {
    const hasMore = rows.length > limit;
    const items = hasMore ? rows.slice(0, limit) : rows;
    const last = items[items.length - 1];
    return {
      items: items.map(show),
      hasMore,
      nextCursor: hasMore && last !== undefined ? this.encode(list, positionOf(last)) : null,
    };
  }
}
