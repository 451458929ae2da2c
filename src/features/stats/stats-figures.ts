/**
 * The console's figures as plain functions (tested without a browser): conversion rates between
 * the funnel's steps, and counts, rates and money written the way the interface language does.
 */
import type { FunnelStep, StatsRevenue, StepCounts } from '../../shared/contract/stats';
import { intlLocale } from '../../shared/languages';
import { formatMoney } from '../../shared/money';

/** The steps measured against an earlier one (views have nothing before them). */
export type RatedStep = Exclude<FunnelStep, 'lander_view' | 'finder_view'>;

/**
 * Which earlier figure each step's rate is measured against. Sign-ups start from either entry
 * page, so against both kinds of views; premium and first messages follow activation, not a
 * purchase (a member may write or subscribe without buying credits first).
 */
export const RATE_BASES: Record<RatedStep, readonly FunnelStep[]> = {
  signup_started: ['lander_view', 'finder_view'],
  signup_completed: ['signup_started'],
  activated: ['signup_completed'],
  first_purchase: ['activated'],
  premium_start: ['activated'],
  first_message: ['activated'],
};

/** True for a step that has a rate. */
export function isRated(step: FunnelStep): step is RatedStep {
  return Object.hasOwn(RATE_BASES, step);
}

/** The views of both entry pages: the top of the funnel. */
export function views(counts: StepCounts): number {
  return counts.lander_view + counts.finder_view;
}

/** A step's count as a share (0–1) of its base; null when it has no base or the base is 0. */
export function conversionRate(counts: StepCounts, step: FunnelStep): number | null {
  if (!isRated(step)) return null;
  const base = RATE_BASES[step].reduce((sum, s) => sum + counts[s], 0);
  return base === 0 ? null : counts[step] / base;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** One formatter per language and style, built once: a table formats hundreds of cells. */
function numberFormat(lng: string, style: 'count' | 'rate'): Intl.NumberFormat {
  const key = `${intlLocale(lng)} ${style}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      intlLocale(lng),
      style === 'rate'
        ? { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }
        : { maximumFractionDigits: 0 },
    );
    numberFormats.set(key, format);
  }
  return format;
}

/** "12,345" / "12.345" / "12 345". */
export function formatCount(count: number, lng: string): string {
  return numberFormat(lng, 'count').format(count);
}

/** Written where a rate has no base (nothing to convert from). */
export const NO_RATE = '–';

/** A share (0–1) as a percentage with one decimal ("4.3%", "4,3 %"); a dash without a base. */
export function formatRate(rate: number | null, lng: string): string {
  return rate === null ? NO_RATE : numberFormat(lng, 'rate').format(rate);
}

/** An amount in minor units of `currency`; a negative net keeps the language's minus sign. */
export function formatMinor(amount: number, currency: string, lng: string): string {
  return formatMoney({ amount, currency }, lng);
}

/** The net revenue of a row, one line per currency ("€120.00", "£8.50"). */
export function netLines(revenue: readonly StatsRevenue[], lng: string): string[] {
  return revenue.map((r) => formatMinor(r.net, r.currency, lng));
}
