import { AppError } from '../kernel/errors.ts';
import { bucketKey, growthWindow, type GrowthQueryInput } from './growth-window.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { GrowthBucketRow, GrowthRows } from '../ports/contact-repository.ts';
import type { Audience, Store } from '../ports/repositories.ts';

interface Bucket { bucket: string; added: number; unsubscribed: number }

/**
 * spec: GET /audiences/growth and Resources — Audience (growth report). Counted in the database by join date
 * over memberships still present, so a series never falls; unsubscribes are counted beside it, not taken off.
 * Series run largest first, then by name; buckets are sparse and oldest first.
 */
export class GetAudienceGrowth {
  constructor(private readonly store: Store, private readonly clock: Clock) {}

  async execute(caller: Caller, query: GrowthQueryInput) {
    const window = growthWindow(query, this.clock.now());
    const audiences = await this.store.contacts.audiencesNamed(caller.workspaceId, window.audienceIds);
    if (window.audienceIds && audiences.length < window.audienceIds.length) {
      const known = new Set(audiences.map((a) => a.id));
      const missing = window.audienceIds.find((id) => !known.has(id));
      throw new AppError('audience_not_found', `No audience \`${missing}\` in this workspace.`, 'audienceIds');
    }
    const rows = await this.store.contacts.growth(caller.workspaceId, {
      audienceIds: audiences.map((a) => a.id), since: window.since, grainMinutes: window.grainMinutes, offsetMinutes: window.offsetMinutes,
    });
    const series = seriesOf(audiences, rows, (i) => bucketKey(i, window.grain));
    return {
      object: 'audience_growth' as const,
      since: window.since, until: window.until, grain: window.grain, offsetMinutes: window.offsetMinutes,
      totals: {
        contacts: rows.contacts,
        subscribed: rows.subscribedContacts,
        memberships: sum(series.map((s) => s.total)),
        added: sum(series.map((s) => s.added)),
        unsubscribed: sum(series.map((s) => s.unsubscribed)),
        lists: series.length,
        busiest: busiest(rows.buckets, (i) => bucketKey(i, window.grain)),
      },
      series,
    };
  }
}

const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

function seriesOf(audiences: Audience[], rows: GrowthRows, key: (i: number) => string) {
  const stats = new Map(rows.series.map((r) => [r.audienceId, r]));
  const buckets = new Map<string, GrowthBucketRow[]>();
  for (const b of rows.buckets) buckets.set(b.audienceId, [...(buckets.get(b.audienceId) ?? []), b]);
  return audiences.map((a) => {
    const s = stats.get(a.id);
    const own: Bucket[] = (buckets.get(a.id) ?? []).filter((b) => b.added || b.unsubscribed)
      .sort((x, y) => x.bucket - y.bucket).map((b) => ({ bucket: key(b.bucket), added: b.added, unsubscribed: b.unsubscribed }));
    return {
      id: a.id, name: a.name, builtin: a.builtin !== null,
      total: s?.total ?? 0, subscribed: s?.subscribed ?? 0, before: s?.before ?? 0, added: s?.added ?? 0, unsubscribed: s?.unsubscribed ?? 0,
      buckets: own,
    };
  }).sort((x, y) => y.total - x.total || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0) || (x.id < y.id ? -1 : 1));
}

/** The bucket with the most joins across the series read; the oldest wins a tie; null when nobody joined. */
function busiest(rows: GrowthBucketRow[], key: (i: number) => string): string | null {
  const joins = new Map<number, number>();
  for (const r of rows) if (r.added) joins.set(r.bucket, (joins.get(r.bucket) ?? 0) + r.added);
  let best: [number, number] | null = null;
  for (const [bucket, n] of joins) if (!best || n > best[1] || (n === best[1] && bucket < best[0])) best = [bucket, n];
  return best ? key(best[0]) : null;
}
