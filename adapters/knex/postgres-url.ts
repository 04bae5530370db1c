import { userInfo } from 'node:os';

/**
 * Splits our `?schema=NAME` off a PostgreSQL URL: pg would send it to the server as a startup parameter and fail.
 * A URL without a user name gets the OS user's, as libpq (psql) does; pg alone would only read $USER.
 */
export function parsePostgresUrl(url: string): { connectionString: string; schema: string | null } {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema');
  parsed.searchParams.delete('schema');
  if (!parsed.username && !process.env.PGUSER) parsed.username = encodeURIComponent(userInfo().username);
  return { connectionString: parsed.toString(), schema: schema || null };
}
