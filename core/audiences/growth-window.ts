import { invalid } from '../kernel/errors.ts';

// spec: GET /audiences/growth and Limits — Audience growth. The window covers the last `minutes` (or `days`),
// widened back to the start of the bucket holding its start ("starts at the start of its oldest bucket"), and
// ends now. Buckets are cut in local time: UTC shifted by `offsetMinutes`.

export const GROWTH_LIMITS = { ids: 50, daysMin: 1, daysMax: 1095, daysDefault: 30, minutesMax: 1_576_800, offsetMax: 840 } as const;

export const GRAINS = { minute: 1, hour: 60, day: 1440 } as const;
export type Grain = keyof typeof GRAINS;

/** Bucket keys: `YYYY-MM-DD`, `YYYY-MM-DDTHH`, `YYYY-MM-DDTHH:MM`, in local time. */
const KEY_LENGTH: Record<Grain, number> = { day: 10, hour: 13, minute: 16 };

export interface GrowthQueryInput { audienceIds?: string; days?: number; minutes?: number; grain?: string; offsetMinutes?: number }

export interface GrowthWindow {
  /** Null means every audience of the workspace. */
  audienceIds: string[] | null;
  grain: Grain; grainMinutes: number; offsetMinutes: number;
  since: string; until: string;
}

function integerIn(param: string, value: number | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < min || value > max) throw invalid(param, `\`${param}\` is an integer from ${min} to ${max}.`);
  return value;
}

/** A comma list of at most 50 ids; omitted or empty means all audiences; repeats count once. */
function idList(value: string | undefined): string[] | null {
  const ids = [...new Set((value ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
  if (ids.length > GROWTH_LIMITS.ids) throw invalid('audienceIds', `\`audienceIds\` names at most ${GROWTH_LIMITS.ids} audiences.`);
  return ids.length ? ids : null;
}

export function growthWindow(query: GrowthQueryInput, now: Date): GrowthWindow {
  const audienceIds = idList(query.audienceIds);
  const days = integerIn('days', query.days, GROWTH_LIMITS.daysMin, GROWTH_LIMITS.daysMax) ?? GROWTH_LIMITS.daysDefault;
  const minutes = integerIn('minutes', query.minutes, 1, GROWTH_LIMITS.minutesMax);
  const offsetMinutes = integerIn('offsetMinutes', query.offsetMinutes, -GROWTH_LIMITS.offsetMax, GROWTH_LIMITS.offsetMax) ?? 0;
  const grain = (query.grain ?? 'day') as Grain;
  if (!Object.hasOwn(GRAINS, grain)) throw invalid('grain', '`grain` is one of minute, hour, day.');
  const grainMinutes = GRAINS[grain];
  const span = minutes ?? days * 1440; // `minutes` wins over `days`
  const startLocalMinute = Math.floor((now.getTime() - span * 60_000) / 60_000) + offsetMinutes;
  const firstBucket = Math.floor(startLocalMinute / grainMinutes);
  return {
    audienceIds, grain, grainMinutes, offsetMinutes,
    since: new Date((firstBucket * grainMinutes - offsetMinutes) * 60_000).toISOString(),
    until: now.toISOString(),
  };
}

/** The key of bucket `index` (local minutes since the epoch divided by the grain). */
export const bucketKey = (index: number, grain: Grain): string =>
  new Date(index * GRAINS[grain] * 60_000).toISOString().slice(0, KEY_LENGTH[grain]);
