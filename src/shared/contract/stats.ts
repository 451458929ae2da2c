/**
 * The operator's figures (members holding the `stats` role only): the acquisition funnel per day
 * or per dimension, revenue per currency, and how conversions reach traffic partners. Every
 * figure is an aggregate: no member id, address or cookie ever appears in these answers.
 */
import { z } from 'zod';

export const STATS_PATH = '/api/stats.php';

/**
 * The funnel's steps in the order a visitor takes them. `signup_started`: the account was created
 * (signup.php); `signup_completed`: the last sign-up step was saved; `activated`: the e-mail link
 * was followed; `first_purchase`: the member's first paid transaction; `premium_start`: a premium
 * period began; `first_message`: the member's first chat message.
 */
export const FUNNEL_STEPS = [
  'lander_view',
  'finder_view',
  'signup_started',
  'signup_completed',
  'activated',
  'first_purchase',
  'premium_start',
  'first_message',
] as const;
export const FunnelStep = z.enum(FUNNEL_STEPS);
export type FunnelStep = z.infer<typeof FunnelStep>;

/** What a row of the table stands for: a day, or one value of an acquisition dimension. */
export const STATS_DIMENSIONS = [
  'design',
  'slug',
  'language',
  'country',
  'network',
  'sub1',
  'sub2',
  'sub3',
] as const;
export const StatsDimension = z.enum(STATS_DIMENSIONS);
export type StatsDimension = z.infer<typeof StatsDimension>;
export const STATS_GROUPS = ['day', ...STATS_DIMENSIONS] as const;
export const StatsGroup = z.enum(STATS_GROUPS);
export type StatsGroup = z.infer<typeof StatsGroup>;

/** Longest range one answer covers, in days (both ends included). */
export const STATS_RANGE_MAX_DAYS = 400;
/** Longest dimension value kept (a partner's sub-id); longer ones are cut. */
export const STATS_VALUE_MAX = 100;
/**
 * What a page view's network or sub-id is counted under once that dimension has had too many
 * distinct values in a day (they come from visitors' addresses): the console's "other values".
 */
export const STATS_OTHER_VALUE = '(other)';

const day = z.iso.date();
const filterValue = z.string().trim().max(STATS_VALUE_MAX).optional();

/**
 * GET /api/stats.php: the funnel from `from` to `to` (UTC days, both included), one row per
 * `group` value, narrowed by any dimension filter (an empty string filter means "not set").
 * `format=csv` answers the same table as text/csv.
 */
export const StatsQuery = z
  .object({
    from: day,
    to: day,
    group: StatsGroup.default('day'),
    format: z.enum(['json', 'csv']).default('json'),
    design: filterValue,
    slug: filterValue,
    language: filterValue,
    country: filterValue,
    network: filterValue,
    sub1: filterValue,
    sub2: filterValue,
    sub3: filterValue,
  })
  .refine((q) => q.from <= q.to, { message: 'stats.errors.range_order', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= (STATS_RANGE_MAX_DAYS - 1) * 86_400_000, {
    message: 'stats.errors.range_too_long',
    path: ['from'],
  });
export type StatsQuery = z.infer<typeof StatsQuery>;

/** Money of one currency, integers in minor units: gross paid, refunded, and gross − refunds. */
export const StatsRevenue = z.object({
  currency: z.string().length(3),
  gross: z.number().int(),
  refunds: z.number().int(),
  net: z.number().int(),
  /** Paid transactions and refunds counted in this currency. */
  purchases: z.number().int().nonnegative(),
  refund_count: z.number().int().nonnegative(),
});
export type StatsRevenue = z.infer<typeof StatsRevenue>;

/** Each funnel step's count. */
export const StepCounts = z.object(
  Object.fromEntries(FUNNEL_STEPS.map((s) => [s, z.number().int().nonnegative()])) as Record<
    FunnelStep,
    z.ZodNumber
  >,
);
export type StepCounts = z.infer<typeof StepCounts>;

export const StatsRow = z.object({
  /** The day (YYYY-MM-DD) or the dimension's value; '' when the value was not set. */
  key: z.string(),
  counts: StepCounts,
  /** Sorted by currency code. */
  revenue: z.array(StatsRevenue),
});
export type StatsRow = z.infer<typeof StatsRow>;

export const POSTBACK_EVENTS = [
  'signup',
  'activation',
  'first_purchase',
  'purchase',
  'refund',
] as const;
export const PostbackEvent = z.enum(POSTBACK_EVENTS);
export type PostbackEvent = z.infer<typeof PostbackEvent>;

/** A postback that has not reached its partner (yet): no member data, only what the partner gets. */
export const PostbackFailure = z.object({
  network: z.string(),
  event: PostbackEvent,
  attempts: z.number().int().nonnegative(),
  /** Short reason of the last attempt, e.g. "HTTP 503" or "timeout". */
  last_error: z.string(),
  /** ISO time of the last attempt. */
  last_attempt_at: z.string(),
  /** True when no further attempt will be made. */
  given_up: z.boolean(),
});

export const PostbackStatus = z.object({
  delivered: z.number().int().nonnegative(),
  /** Waiting for their first or next attempt. */
  pending: z.number().int().nonnegative(),
  /** Retries exhausted. */
  failed: z.number().int().nonnegative(),
  /** Newest first, at most 20. */
  recent_failures: z.array(PostbackFailure),
});
export type PostbackStatus = z.infer<typeof PostbackStatus>;

export const StatsResponse = z.object({
  from: day,
  to: day,
  group: StatsGroup,
  /** Days in order when grouped by day (every day of the range, zeros included); else by lander views, then key. */
  rows: z.array(StatsRow),
  totals: StatsRow,
  /** The values each dimension took in the range, for the filter lists (at most 200 each). */
  options: z.object(
    Object.fromEntries(STATS_DIMENSIONS.map((d) => [d, z.array(z.string())])) as Record<
      StatsDimension,
      z.ZodArray<z.ZodString>
    >,
  ),
  postbacks: PostbackStatus,
  /** ISO time the answer was made. */
  generated_at: z.string(),
});
export type StatsResponse = z.infer<typeof StatsResponse>;
