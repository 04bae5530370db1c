import { Type, type TProperties } from '@sinclair/typebox';

// Shared request-shape pieces. Shapes only: the spec's rules (ranges that carry meaning, existence) live in core.
export const Limit = Type.Integer({ minimum: 1, maximum: 100, description: 'Page size, 1 to 100; default 25.' });
export const Cursor = Type.String({ maxLength: 2000, description: 'Opaque cursor from `nextCursor`.' });
export const PageQuery = (extra: TProperties = {}) =>
  Type.Object({ limit: Type.Optional(Limit), cursor: Type.Optional(Cursor), ...extra });
export const IdParam = Type.Object({ id: Type.String({ maxLength: 200 }) });
export const StringList = (maxItems: number, maxLength = 320) => Type.Array(Type.String({ maxLength }), { maxItems });
