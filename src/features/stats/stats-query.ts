/**
 * The stats console's view (date range, grouping, dimension filters) and its place in the page's
 * address, so a view can be bookmarked, shared with a colleague and reloaded. A preset range
 * ("last 7 days") is kept as the preset, so the bookmark keeps following today.
 */
import {
  STATS_DIMENSIONS,
  STATS_GROUPS,
  STATS_RANGE_MAX_DAYS,
  STATS_VALUE_MAX,
  type StatsDimension,
  type StatsGroup,
} from '../../shared/contract/stats';
import type { StatsRequest } from '../../bridges/worker-bridge';

export const RANGE_PRESETS = ['7d', '30d', '90d', 'month'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** What a console opened without a query shows. */
export const DEFAULT_PRESET: RangePreset = '30d';

/** A dimension's filter: absent is "any"; '' selects the rows where the value was not set. */
export type DimensionFilters = Partial<Record<StatsDimension, string>>;

export interface StatsView {
  /** A range that follows today; null when `from` and `to` were chosen. */
  preset: RangePreset | null;
  /** UTC days (YYYY-MM-DD), both included; used when `preset` is null. */
  from: string;
  to: string;
  group: StatsGroup;
  filters: DimensionFilters;
}

export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written as YYYY-MM-DD. */
export function isDay(value: string | null): value is string {
  if (value === null || !ISO_DAY.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

/** Today's UTC day: the server counts in UTC days. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The UTC day `days` after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The days of a preset ending today, today included. */
export function presetRange(preset: RangePreset, today: string): DayRange {
  if (preset === 'month') return { from: `${today.slice(0, 8)}01`, to: today };
  return { from: addDays(today, 1 - Number.parseInt(preset, 10)), to: today };
}

/** The days a view covers. */
export function viewRange(view: StatsView, today: string): DayRange {
  return view.preset ? presetRange(view.preset, today) : { from: view.from, to: view.to };
}

/** Days in a range, both ends included. */
export function rangeDays({ from, to }: DayRange): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
}

/** The contract's own refusal of a range, checked before asking; null when it is fine. */
export function rangeProblem(
  range: DayRange,
): 'stats.errors.range_order' | 'stats.errors.range_too_long' | null {
  if (range.from > range.to) return 'stats.errors.range_order';
  if (rangeDays(range) > STATS_RANGE_MAX_DAYS) return 'stats.errors.range_too_long';
  return null;
}

const isPreset = (value: string | null): value is RangePreset =>
  (RANGE_PRESETS as readonly (string | null)[]).includes(value);
const isGroup = (value: string | null): value is StatsGroup =>
  (STATS_GROUPS as readonly (string | null)[]).includes(value);

/**
 * The view an address asks for. Anything unreadable falls back to the default (last 30 days by
 * day) rather than failing: an old or hand-edited bookmark still opens the console.
 */
export function parseStatsView(search: string | URLSearchParams, today: string): StatsView {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const range = params.get('range');
  const from = params.get('from');
  const to = params.get('to');
  const group = params.get('group');
  const filters: DimensionFilters = {};
  for (const dimension of STATS_DIMENSIONS) {
    const value = params.get(dimension);
    if (value !== null) filters[dimension] = value.trim().slice(0, STATS_VALUE_MAX);
  }
  const chosen = !isPreset(range) && isDay(from) && isDay(to);
  const preset = isPreset(range) ? range : chosen ? null : DEFAULT_PRESET;
  const days = preset ? presetRange(preset, today) : { from: from as string, to: to as string };
  return { preset, ...days, group: isGroup(group) ? group : 'day', filters };
}

/**
 * The view as a query string in one fixed order, so one view has one address and one stored
 * answer: the range (preset or dates), the grouping when it is not by day, then the filters.
 */
export function statsSearch(view: StatsView): string {
  const params = new URLSearchParams();
  if (view.preset) params.set('range', view.preset);
  else {
    params.set('from', view.from);
    params.set('to', view.to);
  }
  if (view.group !== 'day') params.set('group', view.group);
  for (const dimension of STATS_DIMENSIONS) {
    const value = view.filters[dimension];
    if (value !== undefined) params.set(dimension, value);
  }
  return params.toString();
}

/** The API query of a view on `today`, and the key its answer is kept under (its address). */
export function statsRequest(view: StatsView, today: string): StatsRequest {
  return {
    key: statsSearch(view),
    query: { ...viewRange(view, today), group: view.group, ...view.filters },
  };
}

/** How many dimension filters narrow the view. */
export function activeFilterCount(view: StatsView): number {
  return STATS_DIMENSIONS.filter((dimension) => view.filters[dimension] !== undefined).length;
}
