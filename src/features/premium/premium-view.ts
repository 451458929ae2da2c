/** Pure decisions of the premium page: which plan starts selected, and the member's premium state. */
import type { PremiumPlan } from '../../shared/contract/payments';

/** The plan selected when the page opens: the one marked most chosen, else the first. */
export function defaultPlan(plans: readonly PremiumPlan[]): PremiumPlan | null {
  return plans.find((plan) => plan.most_chosen) ?? plans[0] ?? null;
}

/** Keeps a choice only while the offer still has it (a country or a config can change). */
export function keptChoice<T>(choice: T | null, options: readonly T[]): T | null {
  return choice !== null && options.includes(choice) ? choice : (options[0] ?? null);
}

export type PremiumState =
  { kind: 'none' } | { kind: 'active'; until: string } | { kind: 'ended'; until: string };

/** Whether premium runs now, ran out, or never was. */
export function premiumState(until: string | null | undefined, now = Date.now()): PremiumState {
  if (!until) return { kind: 'none' };
  const end = Date.parse(until);
  if (Number.isNaN(end)) return { kind: 'none' };
  return end > now ? { kind: 'active', until } : { kind: 'ended', until };
}

/** The monthly credits to promise: the chosen plan's, else the smallest any plan gives. */
export function monthlyCredits(plans: readonly PremiumPlan[], chosen: PremiumPlan | null): number {
  if (chosen) return chosen.monthly_credits;
  return plans.length ? Math.min(...plans.map((plan) => plan.monthly_credits)) : 0;
}
