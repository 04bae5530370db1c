// Row values differ by driver: SQLite hands booleans back as 0/1, pg hands bigint and count(*) back as strings.

export const toBool = (v: unknown): boolean => v === true || v === 1;

export const toNumber = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0));

export const toJson = (v: unknown): string => JSON.stringify(v);

export const fromJson = <T>(v: unknown): T => JSON.parse(String(v)) as T;

/**
 * PostgreSQL text cannot hold NUL, and a lookup by such a value errors there while SQLite simply finds nothing.
 * Lookups by values that arrive from outside check this first and answer "not found" on both.
 */
export const unstorable = (...values: string[]): boolean => values.some((v) => v.includes('\0'));
