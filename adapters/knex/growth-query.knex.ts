import type { Knex } from 'knex';
import type { GrowthBucketRow, GrowthRequest, GrowthRows, GrowthSeriesRow } from '../../core/ports/contact-repository.ts';
import { toNumber } from './values.ts';

// spec: GET /audiences/growth, aggregated by the database: GROUP BY over a bucket expression, never a row per
// contact into memory. Timestamps are ISO-8601 text (`YYYY-MM-DDTHH:MM:SS.sssZ`), and the two databases share no
// date arithmetic, so one expression serves both: the minutes since the epoch are worked out from the text's
// digits with integer arithmetic only (days from the civil date, H. Hinnant's algorithm), shifted by the offset
// and divided by the grain. Every operand is a non-negative integer, so `/` truncates alike on SQLite and
// PostgreSQL; core turns the bucket index back into its key.

const digits = (column: string, from: number, length: number) => `cast(substr(${column}, ${from}, ${length}) as integer)`;

/** Minutes since 1970-01-01T00:00Z of an ISO-8601 UTC text column, in portable SQL. */
export function epochMinutesSql(column: string): string {
  const year = digits(column, 1, 4);
  const month = digits(column, 6, 2);
  const day = digits(column, 9, 2);
  const y = `(${year} - case when ${month} <= 2 then 1 else 0 end)`; // the year, counted from March
  const era = `(${y} / 400)`;
  const yoe = `(${y} - ${era} * 400)`;
  const doy = `((153 * ((${month} + 9) % 12) + 2) / 5 + ${day} - 1)`;
  const doe = `(${yoe} * 365 + ${yoe} / 4 - ${yoe} / 100 + ${doy})`;
  const days = `(${era} * 146097 + ${doe} - 719468)`;
  return `(${days} * 1440 + ${digits(column, 12, 2)} * 60 + ${digits(column, 15, 2)})`;
}

/** The bucket index of a column: local minutes since the epoch divided by the grain. Both numbers are checked integers. */
export function bucketSql(column: string, offsetMinutes: number, grainMinutes: number): string {
  if (!Number.isInteger(offsetMinutes) || !Number.isInteger(grainMinutes) || grainMinutes < 1) throw new Error('growth: offset and grain must be integers');
  return `((${epochMinutesSql(column)} + ${offsetMinutes}) / ${grainMinutes})`;
}

export async function audienceGrowth(db: Knex, _workspaceId: string, r: GrowthRequest): Promise<GrowthRows> {
  // The audience ids are already resolved to the caller's workspace by core.
  const ids = r.audienceIds ?? [];
  if (!ids.length) return { series: [], buckets: [], contacts: 0, subscribedContacts: 0 };
  const members = () => db('audience_members').whereIn('audience_id', ids);

  const series = (await members().select('audience_id')
    .count({ total: '*' })
    .select(db.raw('sum(case when unsubscribed_at is null then 1 else 0 end) as subscribed'))
    .select(db.raw('sum(case when joined_at < ? then 1 else 0 end) as "before"', [r.since]))
    .select(db.raw('sum(case when joined_at >= ? then 1 else 0 end) as added', [r.since]))
    .select(db.raw('sum(case when unsubscribed_at >= ? then 1 else 0 end) as unsubscribed', [r.since]))
    .groupBy('audience_id')) as Array<Record<string, unknown>>;

  // Two steps, both GROUP BY: first by the time's text cut to the hour (to the minute when the offset or grain
  // is finer), which is cheap; then the arithmetic runs once per such group rather than once per membership.
  const hourly = r.grainMinutes % 60 === 0 && r.offsetMinutes % 60 === 0;
  const bucketed = (column: 'joined_at' | 'unsubscribed_at') => {
    const cut = members().select('audience_id', db.raw(`substr(${column}, 1, ${hourly ? 13 : 16}) as t`)).count({ n: '*' })
      .where(column, '>=', r.since).groupByRaw('1, 2').as('g');
    return db.from(cut).select('audience_id', db.raw(`${bucketSql(hourly ? "(t || ':00')" : 't', r.offsetMinutes, r.grainMinutes)} as bucket`))
      .sum({ n: 'n' }).groupByRaw('1, 2') as unknown as Promise<Array<{ audience_id: string; bucket: unknown; n: unknown }>>;
  };
  const [joins, leaves] = [await bucketed('joined_at'), await bucketed('unsubscribed_at')];

  // Each person once: one row per contact (walks the per-person index in order), then counted.
  const perPerson = members().select('contact_id')
    .select(db.raw('max(case when unsubscribed_at is null then 1 else 0 end) as on_any')).groupBy('contact_id').as('p');
  const people = (await db.from(perPerson)
    .select(db.raw('count(*) as contacts'), db.raw('coalesce(sum(on_any), 0) as subscribed'))
    .first()) as { contacts: unknown; subscribed: unknown } | undefined;

  const buckets = new Map<string, GrowthBucketRow>();
  const at = (audienceId: string, bucket: number) => {
    const key = `${audienceId} ${bucket}`;
    let row = buckets.get(key);
    if (!row) buckets.set(key, (row = { audienceId, bucket, added: 0, unsubscribed: 0 }));
    return row;
  };
  for (const j of joins) at(j.audience_id, toNumber(j.bucket)).added += toNumber(j.n);
  for (const l of leaves) at(l.audience_id, toNumber(l.bucket)).unsubscribed += toNumber(l.n);

  return {
    series: series.map((s): GrowthSeriesRow => ({
      audienceId: String(s.audience_id), total: toNumber(s.total), subscribed: toNumber(s.subscribed), before: toNumber(s.before),
      added: toNumber(s.added), unsubscribed: toNumber(s.unsubscribed),
    })),
    buckets: [...buckets.values()],
    contacts: toNumber(people?.contacts),
    subscribedContacts: toNumber(people?.subscribed),
  };
}
