/**
 * The charts' figures, shaped from an answer without drawing anything: the main steps per day for
 * the chart over time, and each step's total with its share of the largest for the funnel bars.
 */
import {
  FUNNEL_STEPS,
  type FunnelStep,
  type StatsRow,
  type StepCounts,
} from '../../shared/contract/stats';
import { conversionRate, views } from './stats-figures';

/** The steps drawn over time beside the views (the rest stay in the table: too small to read). */
export const TIME_STEPS = [
  'signup_started',
  'signup_completed',
  'activated',
  'first_purchase',
] as const satisfies readonly FunnelStep[];
export type TimeStep = (typeof TIME_STEPS)[number];

export interface TimeChartData {
  /** UTC midnights in seconds, the x values. */
  x: number[];
  /** Lander and match-finder views per day (their own axis: they are many times the rest). */
  views: number[];
  steps: Record<TimeStep, number[]>;
}

/** Per-day series of rows grouped by day (their keys are UTC days, in order). */
export function timeChartData(rows: readonly StatsRow[]): TimeChartData {
  const steps = Object.fromEntries(TIME_STEPS.map((step) => [step, [] as number[]])) as Record<
    TimeStep,
    number[]
  >;
  for (const row of rows) for (const step of TIME_STEPS) steps[step].push(row.counts[step]);
  return {
    x: rows.map((row) => Date.parse(`${row.key}T00:00:00Z`) / 1000),
    views: rows.map((row) => views(row.counts)),
    steps,
  };
}

export interface FunnelBar {
  step: FunnelStep;
  count: number;
  /** Share of the largest total (0–1), for the bar's length. */
  share: number;
  /** Conversion from the step's base, or null (see stats-figures.ts). */
  rate: number | null;
}

/** Every step's total in funnel order, measured against the largest. */
export function funnelBars(totals: StepCounts): FunnelBar[] {
  const largest = Math.max(0, ...FUNNEL_STEPS.map((step) => totals[step]));
  return FUNNEL_STEPS.map((step) => ({
    step,
    count: totals[step],
    share: largest === 0 ? 0 : totals[step] / largest,
    rate: conversionRate(totals, step),
  }));
}
